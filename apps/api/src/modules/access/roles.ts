import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, ROOT_ROLE } from '@organiser/domain';
import { and, asc, count, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidateAuthCaches } from '../../access/auth-cache';
import { assertHeld } from '../../access/permission-checks';
import { assertRootRemains } from '../../access/root-guard';
import type { AuthUser } from '../../access/route-access';
import type { Db } from '../../db/client';
import { adminUser, role, rolePermission, userRole } from '../../db/schema';
import { AppError } from '../../errors';
import { ok, okSchema } from '../../plugins/envelope';
import { bilingual, heldRoleIds, permissionIdsOfRole, permissionsByIds } from './store';

// Roles (/adminManage/role_list, role/role_edit/{id}): name in both languages, a unique code (`root` is
// reserved), status, remark and the permissions chosen in the permission tree. A change takes effect on the
// next request of every session (the auth caches are emptied); a caller grants only what they hold and
// never changes a role they hold.

export const ROLE_MENU = '/adminManage/role_list';

const t = (en: string, zh: string) => ({ en, zh });
const write = (name: { en: string; zh: string }) => ({ kind: 'resource' as const, menu: ROLE_MENU, name });
const read = { kind: 'menu' as const, url: ROLE_MENU };

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const text = (max: number) => z.string().trim().min(1).max(max);

export const roleBody = z.strictObject({
  code: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[a-z][a-z0-9_]*$/),
  name: z.strictObject({ en: text(100), zh: text(100) }),
  status: z.enum(['enabled', 'disabled']).default('enabled'),
  remark: z.string().trim().max(500).default(''),
  permissionIds: z.array(z.number().int().positive().max(2_147_483_647)).max(5000).default([]),
});

const roleSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.object({ en: z.string(), zh: z.string() }),
  status: z.enum(['enabled', 'disabled']),
  remark: z.string(),
  builtIn: z.boolean().describe('The reserved root role: not editable, not deletable'),
  holders: z.number().int().describe('Accounts holding the role'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const roleDetailSchema = roleSchema.extend({ permissionIds: z.array(z.number().int()) });

const listQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  keyword: z.string().trim().max(100).optional(),
  status: z.enum(['enabled', 'disabled']).optional(),
});

type RoleRow = typeof role.$inferSelect;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

async function holderCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ roleId: userRole.roleId, n: count() })
    .from(userRole)
    .where(inArray(userRole.roleId, ids))
    .groupBy(userRole.roleId);
  return new Map(rows.map((r) => [r.roleId, Number(r.n)]));
}

function present(row: RoleRow, holders: number) {
  return {
    id: row.id,
    code: row.code,
    name: bilingual(row.name, row.nameZh),
    status: row.status,
    remark: row.remark,
    builtIn: row.code === ROOT_ROLE,
    holders,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function loadRole(db: Db, id: number): Promise<RoleRow> {
  const [row] = await db.select().from(role).where(eq(role.id, id)).limit(1);
  if (!row) throw new AppError('notFound');
  return row;
}

/** Refusals shared by every write on an existing role: root is reserved, one's own roles are off limits. */
async function assertEditable(db: Db, row: RoleRow, user: AuthUser): Promise<void> {
  if (row.code === ROOT_ROLE) throw new AppError('roleReserved', { params: { code: row.code } });
  if ((await heldRoleIds(db, user.id)).has(row.id)) {
    throw new AppError('ownRole', { params: { nameEn: row.name, nameZh: row.nameZh || row.name } });
  }
}

/** Refuses the first permission in `wanted` (not already in `current`) the caller does not hold. */
async function assertGrantable(db: Db, user: AuthUser, wanted: number[], current: number[]): Promise<void> {
  const added = wanted.filter((id) => !current.includes(id));
  if (!added.length) return;
  const rows = await permissionsByIds(db, added);
  if (rows.length !== new Set(added).size) {
    const known = new Set(rows.map((r) => r.id));
    const missing = added.find((id) => !known.has(id));
    throw new AppError('badParameter', { params: { name: `permissionIds: ${missing}` } });
  }
  await assertHeld(db, user, added);
}

async function assertCodeFree(db: Db, code: string, exceptId?: number): Promise<void> {
  if (code === ROOT_ROLE) throw new AppError('roleReserved', { params: { code } });
  const where = exceptId ? and(eq(role.code, code), ne(role.id, exceptId)) : eq(role.code, code);
  const [taken] = await db.select({ id: role.id }).from(role).where(where).limit(1);
  if (taken) throw new AppError('duplicate', { params: { field: code } });
}

async function setPermissions(db: Db, roleId: number, ids: number[]): Promise<void> {
  await db.delete(rolePermission).where(eq(rolePermission.roleId, roleId));
  const unique = [...new Set(ids)];
  if (unique.length)
    await db.insert(rolePermission).values(unique.map((permissionId) => ({ roleId, permissionId })));
}

async function detail(db: Db, id: number) {
  const row = await loadRole(db, id);
  const holders = (await holderCounts(db, [id])).get(id) ?? 0;
  return { ...present(row, holders), permissionIds: await permissionIdsOfRole(db, id) };
}

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/role/list',
    {
      config: { access: read },
      schema: {
        tags: ['access'],
        operationId: 'role_list',
        summary: 'Roles, by code, with the number of accounts holding each',
        querystring: listQuery,
        response: {
          200: okSchema(
            z.object({
              list: z.array(roleSchema),
              total: z.number().int(),
              page: z.number().int(),
              size: z.number().int(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const where: SQL[] = [];
      if (q.status) where.push(eq(role.status, q.status));
      if (q.keyword) {
        const like = `%${escapeLike(q.keyword)}%`;
        where.push(or(ilike(role.code, like), ilike(role.name, like), ilike(role.nameZh, like))!);
      }
      const condition = where.length ? and(...where) : undefined;
      const rows = await db
        .select()
        .from(role)
        .where(condition)
        .orderBy(asc(role.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      const [total] = await db.select({ n: count() }).from(role).where(condition);
      const holders = await holderCounts(
        db,
        rows.map((r) => r.id),
      );
      return ok({
        list: rows.map((r) => present(r, holders.get(r.id) ?? 0)),
        total: Number(total?.n ?? 0),
        page: q.page,
        size: q.size,
      });
    },
  );

  app.get(
    '/role/:id',
    {
      config: { access: read },
      schema: {
        tags: ['access'],
        operationId: 'role_get',
        summary: 'One role with the ids of its permissions',
        params: idParams,
        response: { 200: okSchema(roleDetailSchema) },
      },
    },
    async (request) => ok(await detail(db, request.params.id)),
  );

  app.post(
    '/role',
    {
      config: { access: write(t('Add a role', '新增角色')) },
      schema: {
        tags: ['access'],
        operationId: 'role_create',
        summary: 'Add a role with its permissions (only permissions the caller holds)',
        body: roleBody,
        response: { 200: okSchema(roleDetailSchema) },
      },
    },
    async (request) => {
      const body = request.body;
      const user = request.auth!.user;
      await assertCodeFree(db, body.code);
      await assertGrantable(db, user, body.permissionIds, []);
      const id = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(role)
          .values({
            code: body.code,
            name: body.name.en,
            nameZh: body.name.zh,
            status: body.status,
            remark: body.remark,
          })
          .returning({ id: role.id });
        await setPermissions(tx, created!.id, body.permissionIds);
        return created!.id;
      });
      invalidateAuthCaches();
      return ok(await detail(db, id));
    },
  );

  app.put(
    '/role/:id',
    {
      config: { access: write(t('Edit a role and its permissions', '编辑角色及其权限')) },
      schema: {
        tags: ['access'],
        operationId: 'role_update',
        summary: 'Change a role and its permissions; every session holding it is affected at once',
        params: idParams,
        body: roleBody,
        response: { 200: okSchema(roleDetailSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const user = request.auth!.user;
      const row = await loadRole(db, id);
      await assertEditable(db, row, user);
      await assertCodeFree(db, body.code, id);
      await assertGrantable(db, user, body.permissionIds, await permissionIdsOfRole(db, id));
      await db.transaction(async (tx) => {
        await tx
          .update(role)
          .set({
            code: body.code,
            name: body.name.en,
            nameZh: body.name.zh,
            status: body.status,
            remark: body.remark,
            updatedAt: new Date(),
          })
          .where(eq(role.id, id));
        await setPermissions(tx, id, body.permissionIds);
        invalidateAuthCaches({ beforeCommit: true });
      });
      invalidateAuthCaches();
      return ok(await detail(db, id));
    },
  );

  for (const status of ['enabled', 'disabled'] as const) {
    const action = status === 'enabled' ? 'enable' : 'disable';
    app.post(
      `/role/${action}/:id`,
      {
        config: {
          access: write(
            status === 'enabled' ? t('Enable a role', '启用角色') : t('Disable a role', '停用角色'),
          ),
        },
        schema: {
          tags: ['access'],
          operationId: `role_${action}`,
          summary:
            status === 'enabled' ? 'Enable a role' : 'Disable a role: its holders lose its rights at once',
          params: idParams,
          response: { 200: okSchema(roleDetailSchema) },
        },
      },
      async (request) => {
        const { id } = request.params;
        const row = await loadRole(db, id);
        await assertEditable(db, row, request.auth!.user);
        if (status === 'disabled') await assertRootRemains(db, { kind: 'disableRole', roleId: id });
        await db.update(role).set({ status, updatedAt: new Date() }).where(eq(role.id, id));
        invalidateAuthCaches();
        return ok(await detail(db, id));
      },
    );
  }

  app.delete(
    '/role/:id',
    {
      config: { access: write(t('Delete a role', '删除角色')) },
      schema: {
        tags: ['access'],
        operationId: 'role_delete',
        summary: 'Delete a role: its holders lose it at once',
        params: idParams,
        response: { 200: okSchema(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const row = await loadRole(db, id);
      await assertEditable(db, row, request.auth!.user);
      await assertRootRemains(db, { kind: 'deleteRole', roleId: id });
      await db.delete(role).where(eq(role.id, id));
      invalidateAuthCaches();
      return ok({ id });
    },
  );

  app.get(
    '/role/:id/holders',
    {
      config: { access: read },
      schema: {
        tags: ['access'],
        operationId: 'role_holders',
        summary: 'The accounts holding a role',
        params: idParams,
        response: {
          200: okSchema(
            z.array(
              z.object({
                id: z.number().int(),
                account: z.string(),
                nickname: z.string(),
                type: z.enum(['admin', 'company']),
                companyId: z.number().int().nullable(),
                status: z.enum(['enabled', 'disabled']),
              }),
            ),
          ),
        },
      },
    },
    async (request) => {
      await loadRole(db, request.params.id);
      const rows = await db
        .select({
          id: adminUser.id,
          account: adminUser.account,
          nickname: adminUser.nickname,
          type: adminUser.type,
          companyId: adminUser.companyId,
          status: adminUser.status,
        })
        .from(adminUser)
        .innerJoin(userRole, and(eq(userRole.userId, adminUser.id), eq(userRole.roleId, request.params.id)))
        .orderBy(asc(adminUser.account))
        .limit(1000);
      return ok(rows);
    },
  );
};
