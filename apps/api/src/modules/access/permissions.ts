import { validationMessage } from '@organiser/domain';
import { and, count, eq, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidateAuthCaches } from '../../access/auth-cache';
import { assertHeld } from '../../access/permission-checks';
import type { Db } from '../../db/client';
import { permission, role, rolePermission } from '../../db/schema';
import { AppError } from '../../errors';
import { ok, okSchema } from '../../plugins/envelope';
import { ROLE_MENU } from './roles';
import {
  allPermissions,
  bilingual,
  heldPermissionIds,
  isStale,
  type PermissionRow,
  resourceKeys,
} from './store';

// The permission tree (/adminManage/permission_list, /systemManage/permission_add, permission_edit/{id}):
// menus (console routes, or links out) and resources (API routes) under them. Built-in entries come from
// the route catalogue and the API routes at every start: their type, method, url and parent are read-only;
// their icon, names, order and status are editable and kept. A built-in resource whose route no longer exists
// is reported (`stale`) and may be deleted. Deleting a permission that roles hold needs `confirm=true`.

export const PERMISSION_MENU = '/adminManage/permission_list';

const t = (en: string, zh: string) => ({ en, zh });
const write = (name: { en: string; zh: string }) => ({
  kind: 'resource' as const,
  menu: PERMISSION_MENU,
  name,
});

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const text = (max: number) => z.string().trim().min(1).max(max);

export const permissionBody = z.strictObject({
  parentId: z.number().int().positive().max(2_147_483_647).nullable().default(null),
  type: z.enum(['menu', 'resource']),
  /** An antd icon name (`SafetyCertificateOutlined`); empty for none. */
  icon: z
    .string()
    .trim()
    .max(100)
    .regex(/^([A-Z][A-Za-z0-9]*)?$/)
    .nullable()
    .default(null),
  name: z.strictObject({ en: text(100), zh: text(100) }),
  /** The HTTP method of a resource; empty for a menu. */
  method: z.enum(['', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE']).default(''),
  /** A console path (`/adminManage/role_list`), a link (`https://…`) or an API pattern (`/api/role/:id`). */
  url: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .regex(/^(\/|https?:\/\/)\S*$/),
  sortNo: z.number().int().min(0).max(1_000_000).default(0),
  status: z.enum(['enabled', 'disabled']).default('enabled'),
});

type Body = z.infer<typeof permissionBody>;

/** The columns a permission body writes, on add and on edit alike. */
const permissionColumns = (body: Body) => ({
  parentId: body.parentId,
  type: body.type,
  icon: body.icon || null,
  nameEn: body.name.en,
  nameZh: body.name.zh,
  method: body.method,
  url: body.url,
  sortNo: body.sortNo,
  status: body.status,
});

const permissionSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  type: z.enum(['menu', 'resource']),
  icon: z.string().nullable(),
  name: z.object({ en: z.string(), zh: z.string() }),
  method: z.string(),
  url: z.string(),
  sortNo: z.number().int(),
  status: z.enum(['enabled', 'disabled']),
  builtIn: z.boolean().describe('Synchronised from the route catalogue or the API routes'),
  stale: z.boolean().describe('A built-in resource whose API route no longer exists'),
  roles: z.number().int().describe('Roles holding it'),
});

const treeNodeSchema = permissionSchema.extend({
  grantable: z.boolean().describe('The caller holds it, so may grant it'),
});

function present(row: PermissionRow, routeKeys: Set<string>, roles: number) {
  return {
    id: row.id,
    parentId: row.parentId,
    type: row.type,
    icon: row.icon,
    name: bilingual(row.nameEn, row.nameZh),
    method: row.method,
    url: row.url,
    sortNo: row.sortNo,
    status: row.status,
    builtIn: row.builtIn,
    stale: isStale(row, routeKeys),
    roles,
  };
}

async function roleCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: rolePermission.permissionId, n: count() })
    .from(rolePermission)
    .groupBy(rolePermission.permissionId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

async function loadPermission(db: Db, id: number): Promise<PermissionRow> {
  const [row] = await db.select().from(permission).where(eq(permission.id, id)).limit(1);
  if (!row) throw new AppError('notFound');
  return row;
}

const FIELD_NAMES = {
  type: t('type', '类型'),
  method: t('method', '请求方式'),
  url: t('url', '地址'),
  parentId: t('parent', '上级'),
} as const;

/** Refusals of a body whatever the entry: a menu has no method, a resource needs one. */
function checkShape(body: Body, lang: 'en' | 'zh'): void {
  if (body.type === 'resource' && !body.method)
    throw AppError.fields([{ path: 'method', message: validationMessage('required', lang) }]);
  if (body.type === 'menu' && body.method)
    throw AppError.fields([{ path: 'method', message: validationMessage('invalid', lang) }]);
}

/** The parent must be an existing menu, and not the entry itself or one of its descendants. */
async function checkParent(db: Db, parentId: number | null, selfId?: number): Promise<void> {
  if (parentId === null) return;
  const rows = await db
    .select({ id: permission.id, parentId: permission.parentId, type: permission.type })
    .from(permission);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const parent = byId.get(parentId);
  if (parent?.type !== 'menu') throw new AppError('permissionParent');
  if (selfId === undefined) return;
  const seen = new Set<number>();
  for (let at: number | null = parentId; at !== null; at = byId.get(at)?.parentId ?? null) {
    if (at === selfId || seen.has(at)) throw new AppError('permissionCycle');
    seen.add(at);
  }
}

async function checkUnique(db: Db, body: Body, exceptId?: number): Promise<void> {
  const same = and(
    eq(permission.type, body.type),
    eq(permission.method, body.method),
    eq(permission.url, body.url),
  );
  const [taken] = await db
    .select({ id: permission.id })
    .from(permission)
    .where(exceptId ? and(same, ne(permission.id, exceptId)) : same)
    .limit(1);
  if (taken) throw new AppError('duplicate', { params: { field: `${body.method} ${body.url}`.trim() } });
}

export const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const keys = () => resourceKeys(app.routeTable);

  app.get(
    '/permission/list',
    {
      config: { access: { kind: 'menu', url: PERMISSION_MENU } },
      schema: {
        tags: ['access'],
        operationId: 'permission_list',
        summary: 'Every permission in tree order (parentId links them), with stale built-in resources marked',
        querystring: z.strictObject({ stale: z.enum(['true', 'false']).optional() }),
        response: { 200: okSchema(z.array(permissionSchema)) },
      },
    },
    async (request) => {
      const routeKeys = keys();
      const counts = await roleCounts(db);
      const list = (await allPermissions(db)).map((r) => present(r, routeKeys, counts.get(r.id) ?? 0));
      const wanted = request.query.stale;
      return ok(wanted ? list.filter((p) => p.stale === (wanted === 'true')) : list);
    },
  );

  app.get(
    '/role/permission_tree',
    {
      config: { access: { kind: 'menu', url: ROLE_MENU } },
      schema: {
        tags: ['access'],
        operationId: 'role_permission_tree',
        summary: 'The permission tree a role is edited with; `grantable` marks what the caller may grant',
        response: { 200: okSchema(z.array(treeNodeSchema)) },
      },
    },
    async (request) => {
      const routeKeys = keys();
      const counts = await roleCounts(db);
      const held = await heldPermissionIds(db, request.auth!.user);
      const list = (await allPermissions(db)).map((r) => ({
        ...present(r, routeKeys, counts.get(r.id) ?? 0),
        grantable: held.has(r.id),
      }));
      return ok(list);
    },
  );

  app.get(
    '/permission/:id',
    {
      config: { access: { kind: 'menu', url: PERMISSION_MENU } },
      schema: {
        tags: ['access'],
        operationId: 'permission_get',
        summary: 'One permission',
        params: idParams,
        response: { 200: okSchema(permissionSchema) },
      },
    },
    async (request) => {
      const row = await loadPermission(db, request.params.id);
      return ok(present(row, keys(), (await roleCounts(db)).get(row.id) ?? 0));
    },
  );

  app.post(
    '/permission',
    {
      config: { access: write(t('Add a permission', '新增权限')) },
      schema: {
        tags: ['access'],
        operationId: 'permission_create',
        summary: 'Add a custom permission (a menu entry, a link out, or a resource)',
        body: permissionBody,
        response: { 200: okSchema(permissionSchema) },
      },
    },
    async (request) => {
      const body = request.body;
      checkShape(body, request.lang);
      await checkParent(db, body.parentId);
      await checkUnique(db, body);
      const [created] = await db
        .insert(permission)
        .values({ ...permissionColumns(body), builtIn: false })
        .returning();
      invalidateAuthCaches();
      return ok(present(created!, keys(), 0));
    },
  );

  app.put(
    '/permission/:id',
    {
      config: { access: write(t('Edit a permission', '编辑权限')) },
      schema: {
        tags: ['access'],
        operationId: 'permission_update',
        summary: 'Change a permission; a built-in one keeps its type, method, url and parent',
        params: idParams,
        body: permissionBody,
        response: { 200: okSchema(permissionSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const row = await loadPermission(db, id);
      if (row.builtIn) {
        for (const field of ['type', 'method', 'url', 'parentId'] as const) {
          if (body[field] !== row[field]) {
            const name = FIELD_NAMES[field];
            throw new AppError('builtInPermission', { params: { fieldEn: name.en, fieldZh: name.zh } });
          }
        }
      }
      // Switching a permission on or off changes every role holding it: only for one the caller holds.
      if (body.status !== row.status) await assertHeld(db, request.auth!.user, [id], { anyStatus: true });
      checkShape(body, request.lang);
      await checkParent(db, body.parentId, id);
      await checkUnique(db, body, id);
      const edited =
        row.edited ||
        (row.builtIn &&
          (body.name.en !== row.nameEn || body.name.zh !== row.nameZh || body.sortNo !== row.sortNo));
      const [updated] = await db
        .update(permission)
        .set({ ...permissionColumns(body), edited, updatedAt: new Date() })
        .where(eq(permission.id, id))
        .returning();
      invalidateAuthCaches();
      return ok(present(updated!, keys(), (await roleCounts(db)).get(id) ?? 0));
    },
  );

  app.delete(
    '/permission/:id',
    {
      config: { access: write(t('Delete a permission', '删除权限')) },
      schema: {
        tags: ['access'],
        operationId: 'permission_delete',
        summary:
          'Delete a permission. While roles hold it the answer is 409 naming them (content.roles); repeat with confirm=true',
        params: idParams,
        querystring: z.strictObject({ confirm: z.enum(['true', 'false']).optional() }),
        response: { 200: okSchema(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const row = await loadPermission(db, id);
      if (row.builtIn && !isStale(row, keys())) throw new AppError('builtInPermissionDelete');
      const [children] = await db.select({ n: count() }).from(permission).where(eq(permission.parentId, id));
      if (Number(children?.n ?? 0) > 0)
        throw new AppError('permissionHasChildren', { params: { count: Number(children!.n) } });
      const holders = await db
        .select({ id: role.id, name: role.name, nameZh: role.nameZh })
        .from(role)
        .innerJoin(
          rolePermission,
          and(eq(rolePermission.roleId, role.id), eq(rolePermission.permissionId, id)),
        );
      if (holders.length && request.query.confirm !== 'true') {
        throw new AppError('permissionHeld', {
          params: {
            rolesEn: holders.map((h) => h.name).join(', '),
            rolesZh: holders.map((h) => h.nameZh || h.name).join('、'),
          },
          content: { roles: holders.map((h) => ({ id: h.id, name: bilingual(h.name, h.nameZh) })) },
        });
      }
      await db.delete(permission).where(eq(permission.id, id));
      invalidateAuthCaches();
      return ok({ id });
    },
  );
};
