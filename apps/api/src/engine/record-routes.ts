import {
  actionInputSchema,
  actionList,
  createSchema,
  kitMessages,
  parseListQuery,
  type RawQuery,
  resourceName,
  updateSchema,
  validateActionInput,
} from '@organiser/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors';
import { ok, okSchema } from '../plugins/envelope';
import { runAction, runSingleAction } from './actions';
import { fieldsError } from './field-errors';
import { revertableFields, valuesAtVersion } from './history';
import { matchingIds } from './list';
import { apiValues } from './records';
import { batchResultSchema, idParams, type RouteContext, revertParams } from './route-context';
import { loadRow } from './row-scope';
import {
  createRecord,
  deleteRecord,
  deleteRecords,
  purgeRecord,
  restoreRecord,
  revertRecord,
  updateRecord,
} from './write-pipeline';

/** Most records one batch call changes ("all matching" included). */
export const BATCH_MAX = 10_000;
const INT_MAX = 2147483647;

const batchIdList = z.array(z.number().int().positive().max(INT_MAX)).max(BATCH_MAX);
const batchFilter = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
const batchCount = z.number().int().nonnegative().max(BATCH_MAX);

// Writes, each behind its own resource permission: create, update, delete / restore / purge, status
// actions and their batches, and revert.

export function registerWriteRoutes(rc: RouteContext): void {
  const {
    app,
    entity,
    def,
    policy,
    db,
    base,
    write,
    label,
    tags,
    record,
    context,
    labelled,
    common,
    rowScope,
  } = rc;
  /** The body of a batch call: exactly one target, `ids` or `filter` with `expectedCount` (plus an action's
   * inputs). A missing or malformed target is refused; it never falls back to "every record". */
  const batchBody = (input: z.ZodRawShape = {}) =>
    z.union([
      z.strictObject({
        ids: z
          .array(z.number().int().positive().max(INT_MAX))
          .max(BATCH_MAX)
          .describe(`The records to act on (at most ${BATCH_MAX}); [] acts on nothing`),
        ...input,
      }),
      z.strictObject({
        filter: batchFilter.describe(
          'A list query (as the list takes it; page and size are ignored): act on every matching record ' +
            'within the caller’s rows. {} matches every live record',
        ),
        expectedCount: z
          .number()
          .int()
          .nonnegative()
          .max(BATCH_MAX)
          .describe(
            'How many records the client saw matching the filter; when the count differs now the call is ' +
              'refused (409, code 40905) and nothing changes',
          ),
        ...input,
      }),
    ]);

  /** The ids a batch call names: its `ids`, or every record matching its `filter` (within the caller's row
   * scope) when exactly `expectedCount` records match. Any other body is a 400 naming the field. */
  const batchIds = async (
    request: FastifyRequest,
  ): Promise<{ ids: number[]; rest: Record<string, unknown> }> => {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new AppError('badParameter', { params: { name: 'ids' } });
    const { ids, filter, expectedCount, ...rest } = body as Record<string, unknown>;
    const bad = (name: string) => new AppError('badParameter', { params: { name } });
    if (ids !== undefined) {
      if (filter !== undefined) throw bad('filter');
      if (expectedCount !== undefined) throw bad('expectedCount');
      const parsed = batchIdList.safeParse(ids);
      if (!parsed.success) throw bad('ids');
      return { ids: [...new Set(parsed.data)], rest };
    }
    if (filter === undefined) throw bad(expectedCount === undefined ? 'ids' : 'filter');
    const raw = batchFilter.safeParse(filter);
    if (!raw.success) throw bad('filter');
    const { page: _p, size: _s, ...criteria } = raw.data as RawQuery;
    const query = parseListQuery(def, criteria, policy);
    if (!query.ok) throw bad(`filter.${query.param}`);
    const count = batchCount.safeParse(expectedCount);
    if (!count.success) throw bad('expectedCount');
    const matched = await matchingIds(db, entity, query.query, BATCH_MAX + 1, 'live', rowScope(request));
    if (matched.length > BATCH_MAX) throw new AppError('batchTooLarge', { params: { max: BATCH_MAX } });
    if (matched.length !== count.data)
      throw new AppError('batchCountChanged', {
        params: { expected: count.data, actual: matched.length },
      });
    return { ids: matched, rest };
  };

  registerActionRoutes();
  // A view (the audit queue over companies) offers its status actions and nothing else.
  if (def.source) return;

  app.post(
    base,
    {
      ...common,
      config: { access: write(resourceName('create', { entity: label })) },
      schema: {
        tags,
        summary: `Add a ${label.en}`,
        body: createSchema(def, { policy }),
        response: { 200: okSchema(record) },
      },
    },
    async (request) => {
      const created = await createRecord(context(request), request.body ?? {});
      const [one] = await labelled(request, [created]);
      return ok(one!);
    },
  );

  const updateRoute = (method: 'PUT' | 'PATCH') =>
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
        body: updateSchema(def, { policy }),
        response: { 200: okSchema(record) },
      },
      handler: async (request) => {
        const { id } = request.params as z.infer<typeof idParams>;
        const updated = await updateRecord(context(request), id, request.body ?? {});
        const [one] = await labelled(request, [updated]);
        return ok(one!);
      },
    });
  updateRoute('PUT');
  updateRoute('PATCH');

  app.delete(
    `${base}/:id`,
    {
      ...common,
      config: { access: write(resourceName('delete', { entity: label })) },
      schema: {
        tags,
        summary: def.softDelete ? `Move a ${label.en} to the trash` : `Delete a ${label.en}`,
        params: idParams,
        response: { 200: okSchema(z.literal(true)) },
      },
    },
    async (request) => {
      const { id } = request.params as z.infer<typeof idParams>;
      await deleteRecord(context(request), id);
      return ok(true as const);
    },
  );

  if (def.softDelete) {
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
          response: { 200: okSchema(z.literal(true)) },
        },
      },
      async (request) => {
        const { id } = request.params as z.infer<typeof idParams>;
        await purgeRecord(context(request), id);
        return ok(true as const);
      },
    );
  }

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
      const { ids, rest } = await batchIds(request);
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
  /** spec §4: each status action, on one record and in bulk. */
  function registerActionRoutes(): void {
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
          const { ids, rest } = await batchIds(request);
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
}
