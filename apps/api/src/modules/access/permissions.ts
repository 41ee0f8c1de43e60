import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../plugins/envelope';
import {
  createPermission,
  deletePermission,
  grantTree,
  listPermissions,
  permissionDetail,
  updatePermission,
} from './permission-service';
import { ROLE_MENU } from './roles';
import { resourceKeys } from './store';

// The permission tree (/adminManage/permission_list, /systemManage/permission_add, permission_edit/{id}):
// menus (console routes, or links out) and resources (API routes) under them. Built-in entries come from
// the route catalogue and the API routes at every start: their type, method, url and parent are read-only;
// their icon, names, order and status are editable and kept. A built-in resource whose route no longer exists
// is reported (`stale`) and may be deleted. Deleting a permission that roles hold needs `confirm=true`.
// The handlers call the functions of permission-service.ts, which hold these rules.

export const PERMISSION_MENU = '/adminManage/permission_list';

const t = (en: string, zh: string) => ({ en, zh });
const write = (name: { en: string; zh: string }) => ({
  kind: 'resource' as const,
  menu: PERMISSION_MENU,
  name,
});
const read = { kind: 'menu' as const, url: PERMISSION_MENU };

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

const flag = z.enum(['true', 'false']).optional();

/** The route options of one permission operation: its access rule and its schema under the access tag. */
function options<S extends object>(
  access: ReturnType<typeof write> | { kind: 'menu'; url: string },
  operationId: string,
  summary: string,
  schema: S,
) {
  return { config: { access }, schema: { tags: ['access'], operationId, summary, ...schema } };
}

export const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const keys = () => resourceKeys(app.routeTable);
  const one = { 200: okSchema(permissionSchema) };

  app.get(
    '/permission/list',
    options(
      read,
      'permission_list',
      'Every permission in tree order (parentId links them), with stale built-in resources marked',
      {
        querystring: z.strictObject({ stale: flag }),
        response: { 200: okSchema(z.array(permissionSchema)) },
      },
    ),
    async (request) => ok(await listPermissions(db, keys(), request.query.stale)),
  );

  app.get(
    '/role/permission_tree',
    options(
      { kind: 'menu', url: ROLE_MENU },
      'role_permission_tree',
      'The permission tree a role is edited with; `grantable` marks what the caller may grant',
      { response: { 200: okSchema(z.array(treeNodeSchema)) } },
    ),
    async (request) => ok(await grantTree(db, keys(), request.auth!.user)),
  );

  app.get(
    '/permission/:id',
    options(read, 'permission_get', 'One permission', { params: idParams, response: one }),
    async (request) => ok(await permissionDetail(db, keys(), request.params.id)),
  );

  app.post(
    '/permission',
    options(
      write(t('Add a permission', '新增权限')),
      'permission_create',
      'Add a custom permission (a menu entry, a link out, or a resource)',
      { body: permissionBody, response: one },
    ),
    async (request) => ok(await createPermission(db, keys(), request.body, request.lang)),
  );

  app.put(
    '/permission/:id',
    options(
      write(t('Edit a permission', '编辑权限')),
      'permission_update',
      'Change a permission; a built-in one keeps its type, method, url and parent',
      { params: idParams, body: permissionBody, response: one },
    ),
    async (request) => {
      const caller = { user: request.auth!.user, lang: request.lang };
      return ok(await updatePermission(db, keys(), caller, request.params.id, request.body));
    },
  );

  app.delete(
    '/permission/:id',
    options(
      write(t('Delete a permission', '删除权限')),
      'permission_delete',
      'Delete a permission. While roles hold it the answer is 409 naming them (content.roles); repeat with confirm=true',
      {
        params: idParams,
        querystring: z.strictObject({ confirm: flag }),
        response: { 200: okSchema(z.object({ id: z.number().int() })) },
      },
    ),
    async (request) =>
      ok(await deletePermission(db, keys(), request.params.id, request.query.confirm === 'true')),
  );
};
