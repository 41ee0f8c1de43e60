import { PERMISSION_MENU, ROLE_MENU } from '@organiser/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../plugins/envelope';
import { grantTree, listPermissions } from './permission-service';

// The permission calls the product spells its own way, beside the engine's `permission` entity: the whole tree
// with its `stale` filter (/adminManage/permission_list) and the tree a role is edited with. Built-in entries
// come from the route catalogue and the API routes at every start; one whose route no longer exists is reported
// (`stale`) and may be deleted through the engine's delete.

const flag = z.enum(['true', 'false']).optional();

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

export const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/permission/list',
    {
      config: { access: { kind: 'menu', url: PERMISSION_MENU } },
      schema: {
        tags: ['access'],
        operationId: 'permission_list',
        summary: 'Every permission by order (parentId links them), with stale built-in resources marked',
        querystring: z.strictObject({ stale: flag }),
        response: { 200: okSchema(z.array(permissionSchema)) },
      },
    },
    async (request) => ok(await listPermissions(db, request.query.stale)),
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
    async (request) => ok(await grantTree(db, request.auth!.user)),
  );
};
