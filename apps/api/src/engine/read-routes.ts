import {
  DEFAULT_PAGE_SIZE,
  LIST_WINDOW,
  type ListQuery,
  listQuerySchema,
  MAX_PAGE_SIZE,
  recordLabel,
} from '@organiser/domain';
import { z } from 'zod';
import { AppError } from '../errors';
import { hasPermission } from '../modules/auth/user-info';
import { ok, okSchema } from '../plugins/envelope';
import { loadRow } from './checks';
import { readHistory } from './history';
import { optionRows, runList } from './list';
import { toListRecord, toRecord } from './records';
import { historySchema, idParams, type RouteContext } from './route-context';

// Reads behind the list page's menu: the list, the trash, one record, its history, and select options.

export function registerReadRoutes(rc: RouteContext): void {
  const {
    app,
    engine,
    entity,
    def,
    policy,
    db,
    base,
    menu,
    read,
    label,
    tags,
    record,
    labelled,
    common,
    listContent,
  } = rc;
  app.get(
    `${base}/list`,
    {
      ...common,
      config: { access: read },
      schema: {
        tags,
        summary: `List ${label.en}: filters, keyword, sort and pages (at most ${LIST_WINDOW} rows deep)`,
        querystring: listQuerySchema(def, policy),
        response: { 200: okSchema(listContent) },
      },
    },
    async (request) => {
      const query = request.query as ListQuery;
      const page = await runList(db, entity, query, 'live', engine);
      const list = await labelled(
        request,
        page.rows.map((r) => toListRecord(engine, entity, r, request.lang)),
      );
      return ok({
        list,
        total: page.total,
        page: query.page,
        size: query.size,
        totalIsEstimate: page.isEstimate,
      });
    },
  );

  if (def.softDelete) {
    app.get(
      `${base}/trash`,
      {
        ...common,
        config: { access: read },
        schema: {
          tags,
          summary: `Deleted ${label.en} (the trash), most recently deleted first`,
          querystring: listQuerySchema(def, policy),
          response: { 200: okSchema(listContent) },
        },
      },
      async (request) => {
        const query = request.query as ListQuery;
        const page = await runList(db, entity, query, 'trash', engine);
        const list = await labelled(
          request,
          page.rows.map((r) => toListRecord(engine, entity, r, request.lang)),
        );
        return ok({
          list,
          total: page.total,
          page: query.page,
          size: query.size,
          totalIsEstimate: page.isEstimate,
        });
      },
    );
  }

  const optionsQuery = z.strictObject({
    keyword: z.string().max(100).optional().describe('Searches the searchable fields'),
    ids: z
      .string()
      .regex(/^\d+(,\d+)*$/)
      .optional()
      .describe('Comma-separated ids whose labels are wanted (the current value of a select)'),
    size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  });
  /** Menus whose pages pick records of this entity: its own list, and the lists of entities pointing at it. */
  const pickerMenus = [
    ...new Set([menu, ...engine.referencesTo(def.name).map((r) => r.entity.def.permission.menu)]),
  ];

  app.get(
    `${base}/options`,
    {
      ...common,
      // Checked below: the entity's own menu, or the menu of any entity with a relation to it.
      config: { access: { kind: 'login' } },
      schema: {
        tags,
        summary: `${label.en} as select options ({ id, label }), for relation selects with search`,
        querystring: optionsQuery,
        response: { 200: okSchema(z.array(z.object({ id: z.number().int(), label: z.string() }))) },
      },
    },
    async (request) => {
      const user = request.auth!.user;
      if (!user.isRoot) {
        let allowed = false;
        for (const url of pickerMenus) {
          if (await hasPermission(db, { userId: user.id, type: 'menu', method: '', url })) {
            allowed = true;
            break;
          }
        }
        if (!allowed) throw new AppError('forbidden');
      }
      const q = request.query as z.infer<typeof optionsQuery>;
      const ids = q.ids ? q.ids.split(',').map(Number) : [];
      const rows = await optionRows(db, entity, { keyword: q.keyword, ids, size: q.size });
      return ok(rows.map((row) => ({ id: Number(row.id), label: recordLabel(def, row, request.lang) })));
    },
  );

  app.get(
    `${base}/:id`,
    {
      ...common,
      config: { access: read },
      schema: { tags, summary: `One ${label.en}`, params: idParams, response: { 200: okSchema(record) } },
    },
    async (request) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const row = await loadRow(db, entity, id);
      if (!row) throw new AppError('notFound');
      const [one] = await labelled(request, [toRecord(entity, row)]);
      return ok(one!);
    },
  );

  app.get(
    `${base}/:id/history`,
    {
      ...common,
      config: { access: read },
      schema: {
        tags,
        summary: `Who changed a ${label.en}, when, and each field's old and new value (newest first)`,
        params: idParams,
        response: { 200: okSchema(historySchema) },
      },
    },
    async (request) => {
      const { id } = request.params as z.infer<typeof idParams>;
      const row = await loadRow(db, entity, id, 'any');
      if (!row) throw new AppError('notFound');
      return ok(await readHistory(db, entity, id));
    },
  );
}
