import {
  actionInputSchema,
  actionList,
  createSchema,
  updateSchema,
  validateActionInput,
} from '@organiser/domain';
import type { z } from 'zod';
import { z as zod } from 'zod';
import { AppError } from '../../errors';
import { ok, okSchema } from '../../http/envelope';
import { fieldsError } from '../field-errors';
import { apiValues } from '../read/records';
import { loadRow } from '../read/row-scope';
import { runAction, runSingleAction } from '../write/actions';
import { revertableFields, valuesAtVersion } from '../write/history';
import {
  createRecord,
  deleteRecord,
  deleteRecords,
  purgeRecord,
  reorderChildren,
  restoreRecord,
  revertRecord,
  updateRecord,
} from '../write/record-writes';
import { BATCH_MAX, batchBody, batchIds } from './batch';
import { batchResultSchema, idParams, type RouteContext, revertParams } from './route-context';

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
  const { app, def, tags, context, common, route } = rc;
  const parent = def.parent!;
  app.post(
    route.url('reorder'),
    {
      ...common,
      config: { access: route.access('reorder') },
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
  const { app, def, policy, label, tags, record, context, labelled, common, shared, route } = rc;
  app.post(
    route.url('create'),
    {
      ...common,
      config: { access: route.access('create') },
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
  const { app, def, policy, label, tags, record, context, labelled, common, shared, route } = rc;
  app.route({
    method,
    url: route.url(method === 'PUT' ? 'update' : 'patch'),
    ...common,
    config: { access: route.access(method === 'PUT' ? 'update' : 'patch') },
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

const deleteQuery = zod.strictObject({
  confirm: zod
    .enum(['true', 'false'])
    .optional()
    .describe('true: take the record from the records holding it as well'),
});

function registerDelete(rc: RouteContext): void {
  const { app, def, label, tags, context, common, route } = rc;
  const held = def.deleteHeld === 'confirm';
  app.delete(
    route.url('delete'),
    {
      ...common,
      config: { access: route.access('delete') },
      schema: {
        tags,
        summary: def.softDelete ? `Move a ${label.en} to the trash` : `Delete a ${label.en}`,
        ...(held
          ? {
              description: `While records of another entity hold the ${label.en}, the answer is 409 heldBy naming them (content.holders); repeated with confirm=true, the delete takes it from them too, each a new version with its history entry.`,
              querystring: deleteQuery,
            }
          : {}),
        params: idParams,
        response: { 200: okSchema(zod.literal(true)) },
      },
    },
    async (request) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const confirm = held && (request.query as z.infer<typeof deleteQuery>).confirm === 'true';
      await deleteRecord(context(request), id, { confirm });
      return ok(true as const);
    },
  );
  app.post(
    route.url('batchDelete'),
    {
      ...common,
      config: {
        access: route.access('batchDelete'),
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
  const { app, label, tags, record, context, labelled, common, route } = rc;
  app.post(
    route.url('restore'),
    {
      ...common,
      config: { access: route.access('restore') },
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
    route.url('purge'),
    {
      ...common,
      config: { access: route.access('purge') },
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
  const { app, def, db, entity, label, tags, record, context, labelled, common, rowScope, route } = rc;
  app.post(
    route.url('revert'),
    {
      ...common,
      config: { access: route.access('revert') },
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
  const { app, def, policy, tags, record, context, labelled, common, route } = rc;
  for (const action of actionList(def, policy)) {
    const actionLabel = action.label;
    const input = actionInputSchema(action);
    app.post(
      route.url(`action:${action.name}`),
      {
        ...common,
        config: { access: route.access(`action:${action.name}`) },
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
      route.url(`batchAction:${action.name}`),
      {
        ...common,
        config: { access: route.access(`batchAction:${action.name}`) },
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
