import {
  actionInputSchema,
  actionList,
  createSchema,
  kitMessages,
  resourceName,
  updateSchema,
  validateActionInput,
} from '@organiser/domain';
import type { z } from 'zod';
import { z as zod } from 'zod';
import { AppError } from '../errors';
import { ok, okSchema } from '../http/envelope';
import { runAction, runSingleAction } from './actions';
import { BATCH_MAX, batchBody, batchIds } from './batch';
import { fieldsError } from './field-errors';
import { revertableFields, valuesAtVersion } from './history';
import {
  createRecord,
  deleteRecord,
  deleteRecords,
  purgeRecord,
  reorderChildren,
  restoreRecord,
  revertRecord,
  updateRecord,
} from './record-writes';
import { apiValues } from './records';
import { batchResultSchema, idParams, type RouteContext, revertParams } from './route-context';
import { loadRow } from './row-scope';

export { BATCH_MAX } from './batch';

// Writes, each behind its own resource permission and each offered only when the entity's capabilities
// allow it (no route, hence no permission, otherwise): create, update, delete / restore / purge, status
// actions and their batches, and revert.

export function registerRecordRoutes(rc: RouteContext): void {
  const { capabilities } = rc.def;
  registerActionRoutes(rc);
  if (capabilities.create) registerCreate(rc);
  if (capabilities.update) registerUpdate(rc, 'PUT');
  if (capabilities.update) registerUpdate(rc, 'PATCH');
  if (capabilities.delete) registerDelete(rc);
  if (capabilities.trash) registerTrash(rc);
  if (capabilities.update && capabilities.history) registerRevert(rc);
  if (capabilities.update && rc.def.parent?.order) registerReorder(rc);
}

const reorderBody = zod.strictObject({
  parentId: zod.number().int().positive().max(2147483647),
  ids: zod.array(zod.number().int().positive().max(2147483647)).max(BATCH_MAX),
});

/** A child entity with an order field: its children of one parent put in order. */
function registerReorder(rc: RouteContext): void {
  const { app, def, base, write, label, tags, context, common } = rc;
  const parent = def.parent!;
  app.post(
    `${base}/reorder`,
    {
      ...common,
      config: {
        access: write(resourceName('action', { entity: label, action: { en: 'Reorder', zh: '排序' } })),
      },
      schema: {
        tags,
        summary: `Put the ${def.labels.plural.en} of one ${parent.entity} in order: \`ids\` lists every live one, first to last; ${parent.order} becomes 1..n`,
        body: reorderBody,
        response: { 200: okSchema(zod.literal(true)) },
      },
    },
    async (request) => {
      const parsed = reorderBody.safeParse(request.body ?? {});
      if (!parsed.success) {
        const name = String(parsed.error.issues[0]?.path[0] ?? 'ids');
        throw new AppError('badParameter', { params: { name } });
      }
      await reorderChildren(context(request), parsed.data.parentId, parsed.data.ids);
      return ok(true as const);
    },
  );
}

function registerCreate(rc: RouteContext): void {
  const { app, def, policy, base, write, label, tags, record, context, labelled, common, shared } = rc;
  app.post(
    base,
    {
      ...common,
      config: { access: write(resourceName('create', { entity: label })) },
      schema: {
        tags,
        summary: `Add a ${label.en}`,
        body: shared('Create', () => createSchema(def, { policy })),
        response: { 200: okSchema(record) },
      },
    },
    async (request) => {
      const created = await createRecord(context(request), request.body ?? {});
      const [one] = await labelled(request, [created]);
      return ok(one!);
    },
  );
}

function registerUpdate(rc: RouteContext, method: 'PUT' | 'PATCH'): void {
  const { app, def, policy, base, write, label, tags, record, context, labelled, common, shared } = rc;
  app.route({
    method,
    url: `${base}/:id`,
    ...common,
    config: {
      access: {
        ...write(resourceName('update', { entity: label })),
        ...(method === 'PATCH' ? { permissionMethod: 'PUT' } : {}),
      },
    },
    schema: {
      tags,
      summary:
        method === 'PUT'
          ? `Edit a ${label.en}: send the version you read (a stale version is refused, 409); fields left out keep their values, and the record as GET returned it is accepted (server-set keys ignored, read-only fields only unchanged)`
          : `Change some fields of a ${label.en}: only the fields sent (plus the version you read) change; the same rules, checks and history as PUT`,
      params: idParams,
      body: shared('Update', () => updateSchema(def, { policy })),
      response: { 200: okSchema(record) },
    },
    handler: async (request) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const updated = await updateRecord(context(request), id, request.body ?? {});
      const [one] = await labelled(request, [updated]);
      return ok(one!);
    },
  });
}

function registerDelete(rc: RouteContext): void {
  const { app, def, base, write, label, tags, context, common } = rc;
  app.delete(
    `${base}/:id`,
    {
      ...common,
      config: { access: write(resourceName('delete', { entity: label })) },
      schema: {
        tags,
        summary: def.softDelete ? `Move a ${label.en} to the trash` : `Delete a ${label.en}`,
        params: idParams,
        response: { 200: okSchema(zod.literal(true)) },
      },
    },
    async (request) => {
      const { id } = request.params as z.infer<typeof idParams>;
      await deleteRecord(context(request), id);
      return ok(true as const);
    },
  );
  app.post(
    `${base}/batch/delete`,
    {
      ...common,
      config: {
        access: write(resourceName('batch', { entity: label, action: kitMessages.actionDelete })),
      },
      schema: {
        tags,
        summary: `Delete the given ${label.en} ids, or every record matching a filter when the count the client saw still holds (at most ${BATCH_MAX})`,
        body: batchBody(),
        response: { 200: okSchema(batchResultSchema) },
      },
    },
    async (request) => {
      const { ids, rest } = await batchIds(rc, request);
      const extra = Object.keys(rest)[0];
      if (extra !== undefined) throw new AppError('badParameter', { params: { name: extra } });
      const done = ids.length ? await deleteRecords(context(request), ids) : [];
      const succeeded = new Set(done);
      return ok({
        total: ids.length,
        succeeded: done,
        skipped: ids.filter((id) => !succeeded.has(id)).map((id) => ({ id, reason: 'notFound' as const })),
      });
    },
  );
}

function registerTrash(rc: RouteContext): void {
  const { app, base, write, label, tags, record, context, labelled, common } = rc;
  app.post(
    `${base}/restore/:id`,
    {
      ...common,
      config: { access: write(resourceName('restore', { entity: label })) },
      schema: {
        tags,
        summary: `Restore a ${label.en} from the trash`,
        params: idParams,
        response: { 200: okSchema(record) },
      },
    },
    async (request) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const [one] = await labelled(request, [await restoreRecord(context(request), id)]);
      return ok(one!);
    },
  );
  app.delete(
    `${base}/purge/:id`,
    {
      ...common,
      config: { access: write(resourceName('purge', { entity: label })) },
      schema: {
        tags,
        summary: `Delete a ${label.en} in the trash for good`,
        params: idParams,
        response: { 200: okSchema(zod.literal(true)) },
      },
    },
    async (request) => {
      const { id } = request.params as z.infer<typeof idParams>;
      await purgeRecord(context(request), id);
      return ok(true as const);
    },
  );
}

function registerRevert(rc: RouteContext): void {
  const { app, def, db, entity, base, write, label, tags, record, context, labelled, common, rowScope } = rc;
  app.post(
    `${base}/:id/revert/:version`,
    {
      ...common,
      config: { access: write(resourceName('revert', { entity: label })) },
      schema: {
        tags,
        summary: `Write back the values a ${label.en} had at an earlier version (as a new version)`,
        params: revertParams,
        response: { 200: okSchema(record) },
      },
    },
    async (request) => {
      const { id, version } = request.params as z.infer<typeof revertParams>;
      const scope = rowScope(request);
      const row = await loadRow(db, entity, id, 'live', scope);
      if (!row) throw new AppError('notFound');
      const values = await valuesAtVersion(db, entity, id, version, apiValues(entity, row));
      if (!values) throw new AppError('notFound');
      const fields = revertableFields(entity.states, Boolean(scope && def.scope));
      const reverted = await revertRecord(context(request), id, values, fields);
      const [one] = await labelled(request, [reverted]);
      return ok(one!);
    },
  );
}

/** Each status action, on one record and in bulk. */
function registerActionRoutes(rc: RouteContext): void {
  const { app, def, policy, base, write, label, tags, record, context, labelled, common } = rc;
  for (const action of actionList(def, policy)) {
    const actionLabel = action.label;
    const input = actionInputSchema(action);
    app.post(
      `${base}/${action.name}/:id`,
      {
        ...common,
        config: { access: write(resourceName('action', { entity: label, action: actionLabel })) },
        schema: {
          tags,
          summary: `${actionLabel.en}: ${action.from.join(' | ')} → ${action.to} (409 from any other status)`,
          params: idParams,
          body: input,
          response: { 200: okSchema(record) },
        },
      },
      async (request) => {
        const { id } = request.params as z.infer<typeof idParams>;
        const updated = await runSingleAction(context(request), action.name, id, request.body ?? {});
        const [one] = await labelled(request, [updated]);
        return ok(one!);
      },
    );
    app.post(
      `${base}/batch/${action.name}`,
      {
        ...common,
        config: { access: write(resourceName('batch', { entity: label, action: actionLabel })) },
        schema: {
          tags,
          summary: `${actionLabel.en} on the given ids, or on every record matching a filter when the count the client saw still holds (at most ${BATCH_MAX})`,
          body: batchBody(input.shape),
          response: { 200: okSchema(batchResultSchema) },
        },
      },
      async (request) => {
        const { ids, rest } = await batchIds(rc, request);
        if (ids.length === 0) {
          // Nothing to act on; the inputs are still checked, so a bad one is refused the same way.
          const valid = validateActionInput(def, action, rest);
          if (!valid.ok) throw fieldsError(valid.issues, request.lang);
          return ok({ total: 0, succeeded: [], skipped: [] });
        }
        return ok(await runAction(context(request), action.name, ids, rest));
      },
    );
  }
}
