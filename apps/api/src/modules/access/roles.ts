import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@organiser/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../plugins/envelope';
import {
  createRole,
  deleteRole,
  listRoles,
  roleDetail,
  roleHolders,
  setRoleStatus,
  updateRole,
} from './role-service';

// Roles (/adminManage/role_list, role/role_edit/{id}): name in both languages, a unique code (`root` is
// reserved), status, remark and the permissions chosen in the permission tree. The handlers call the
// functions of role-service.ts, which hold the rules on roles.

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

const listAnswer = z.object({
  list: z.array(roleSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});

const holderSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  type: z.enum(['admin', 'company']),
  companyId: z.number().int().nullable(),
  status: z.enum(['enabled', 'disabled']),
});

/** The route options of one role operation: its access rule and its schema under the access tag. */
function options<S extends object>(
  access: ReturnType<typeof write> | typeof read,
  operationId: string,
  summary: string,
  schema: S,
) {
  return { config: { access }, schema: { tags: ['access'], operationId, summary, ...schema } };
}

const STATUS_ROUTES = [
  {
    status: 'enabled',
    action: 'enable',
    name: t('Enable a role', '启用角色'),
    summary: 'Enable a role',
  },
  {
    status: 'disabled',
    action: 'disable',
    name: t('Disable a role', '停用角色'),
    summary: 'Disable a role: its holders lose its rights at once',
  },
] as const;

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const detail = { 200: okSchema(roleDetailSchema) };

  app.get(
    '/role/list',
    options(read, 'role_list', 'Roles, by code, with the number of accounts holding each', {
      querystring: listQuery,
      response: { 200: okSchema(listAnswer) },
    }),
    async (request) => ok(await listRoles(db, request.query)),
  );

  app.get(
    '/role/:id',
    options(read, 'role_get', 'One role with the ids of its permissions', {
      params: idParams,
      response: detail,
    }),
    async (request) => ok(await roleDetail(db, request.params.id)),
  );

  app.post(
    '/role',
    options(
      write(t('Add a role', '新增角色')),
      'role_create',
      'Add a role with its permissions (only permissions the caller holds)',
      { body: roleBody, response: detail },
    ),
    async (request) => ok(await createRole(db, request.auth!.user, request.body)),
  );

  app.put(
    '/role/:id',
    options(
      write(t('Edit a role and its permissions', '编辑角色及其权限')),
      'role_update',
      'Change a role and its permissions; every session holding it is affected at once',
      { params: idParams, body: roleBody, response: detail },
    ),
    async (request) => ok(await updateRole(db, request.auth!.user, request.params.id, request.body)),
  );

  for (const route of STATUS_ROUTES) {
    app.post(
      `/role/${route.action}/:id`,
      options(write(route.name), `role_${route.action}`, route.summary, {
        params: idParams,
        response: detail,
      }),
      async (request) => ok(await setRoleStatus(db, request.auth!.user, request.params.id, route.status)),
    );
  }

  app.delete(
    '/role/:id',
    options(
      write(t('Delete a role', '删除角色')),
      'role_delete',
      'Delete a role: its holders lose it at once',
      {
        params: idParams,
        response: { 200: okSchema(z.object({ id: z.number().int() })) },
      },
    ),
    async (request) => ok(await deleteRole(db, request.auth!.user, request.params.id)),
  );

  app.get(
    '/role/:id/holders',
    options(read, 'role_holders', 'The accounts holding a role', {
      params: idParams,
      response: { 200: okSchema(z.array(holderSchema)) },
    }),
    async (request) => ok(await roleHolders(db, request.params.id)),
  );
};
