import { ROLE_MENU, ROOT_ROLE } from '@organiser/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { adminUser, entityTables, role, rolePermission, userRole } from '../../db/schema';
import { AppError } from '../../errors';
import type { RouteRecord } from '../../fastify-decorations';
import { ok, okSchema } from '../../plugins/envelope';
import { bilingualOf } from './names';
import { allPermissions, type PermissionRow } from './store';

// Effective access, read-only: what a role, or an account through its enabled roles, may open and call — the
// menus, the API routes (reads come with a menu, each write with its resource permission) and, for a supplier
// account, the company its rows are limited to.

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const accessSchema = z.object({
  root: z.boolean().describe('Role root: every menu and route'),
  roles: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      name: z.object({ en: z.string(), zh: z.string() }),
      status: z.enum(['enabled', 'disabled']),
    }),
  ),
  menus: z.array(
    z.object({
      id: z.number().int(),
      parentId: z.number().int().nullable(),
      url: z.string(),
      icon: z.string().nullable(),
      name: z.object({ en: z.string(), zh: z.string() }),
    }),
  ),
  routes: z.array(
    z.object({ method: z.string(), url: z.string(), access: z.enum(['login', 'menu', 'resource']) }),
  ),
  scope: z
    .object({ companyId: z.number().int().nullable(), companyName: z.string().nullable() })
    .nullable()
    .describe('A supplier account sees only the rows of its own company'),
});

type RoleRef = { id: number; code: string; nameEn: string; nameZh: string; status: 'enabled' | 'disabled' };

/** The menus and routes the given permissions open (enabled permissions only; root opens everything). */
export function effectiveAccess(
  rows: PermissionRow[],
  held: Set<number>,
  root: boolean,
  routes: readonly RouteRecord[],
) {
  const enabled = rows.filter((r) => r.status === 'enabled' && (root || held.has(r.id)));
  const menus = enabled.filter((r) => r.type === 'menu');
  const menuUrls = new Set(menus.map((r) => r.url));
  const resources = new Set(enabled.filter((r) => r.type === 'resource').map((r) => `${r.method} ${r.url}`));
  const open: { method: string; url: string; access: 'login' | 'menu' | 'resource' }[] = [];
  for (const route of routes) {
    const a = route.access;
    if (!a || !route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) continue;
    if (a.kind === 'login') open.push({ method: route.method, url: route.url, access: 'login' });
    else if (a.kind === 'menu' && (root || menuUrls.has(a.url)))
      open.push({ method: route.method, url: route.url, access: 'menu' });
    else if (
      a.kind === 'resource' &&
      (root || resources.has(`${a.permissionMethod ?? route.method} ${route.url}`))
    )
      open.push({ method: route.method, url: route.url, access: 'resource' });
  }
  return {
    menus: menus.map((r) => ({
      id: r.id,
      parentId: r.parentId,
      url: r.url,
      icon: r.icon,
      name: bilingualOf(r),
    })),
    routes: open,
  };
}

async function permissionsOfRoles(db: Db, roleIds: number[]): Promise<Set<number>> {
  if (!roleIds.length) return new Set();
  const rows = await db
    .selectDistinct({ id: rolePermission.permissionId })
    .from(rolePermission)
    .where(inArray(rolePermission.roleId, roleIds));
  return new Set(rows.map((r) => r.id));
}

const roleOut = (r: RoleRef) => ({
  id: r.id,
  code: r.code,
  name: bilingualOf(r),
  status: r.status,
});

const roleColumns = {
  id: role.id,
  code: role.code,
  nameEn: role.nameEn,
  nameZh: role.nameZh,
  status: role.status,
};

export const effectiveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/role/:id/access',
    {
      config: { access: { kind: 'menu', url: ROLE_MENU } },
      schema: {
        tags: ['access'],
        operationId: 'role_access',
        summary: 'What a role opens: its menus and the API routes they and its resources allow',
        params: idParams,
        response: { 200: okSchema(accessSchema) },
      },
    },
    async (request) => {
      const [r] = await db.select(roleColumns).from(role).where(eq(role.id, request.params.id)).limit(1);
      if (!r) throw new AppError('notFound');
      const root = r.code === ROOT_ROLE;
      const held = await permissionsOfRoles(db, [r.id]);
      // A disabled role opens nothing.
      const access =
        r.status === 'enabled'
          ? effectiveAccess(await allPermissions(db), held, root, app.routeTable)
          : { menus: [], routes: [] };
      return ok({ root: root && r.status === 'enabled', roles: [roleOut(r)], ...access, scope: null });
    },
  );

  app.get(
    '/role/access_by_user/:id',
    {
      config: { access: { kind: 'menu', url: ROLE_MENU } },
      schema: {
        tags: ['access'],
        operationId: 'role_access_by_user',
        summary:
          'What an account may open through its enabled roles, and the company a supplier is limited to',
        params: idParams,
        response: { 200: okSchema(accessSchema) },
      },
    },
    async (request) => {
      const [user] = await db
        .select({ id: adminUser.id, type: adminUser.type, companyId: adminUser.companyId })
        .from(adminUser)
        .where(eq(adminUser.id, request.params.id))
        .limit(1);
      if (!user) throw new AppError('notFound');
      const roles = await db
        .select(roleColumns)
        .from(role)
        .innerJoin(userRole, and(eq(userRole.roleId, role.id), eq(userRole.userId, user.id)));
      const enabled = roles.filter((r) => r.status === 'enabled');
      const root = enabled.some((r) => r.code === ROOT_ROLE);
      const held = await permissionsOfRoles(
        db,
        enabled.map((r) => r.id),
      );
      const access = effectiveAccess(await allPermissions(db), held, root, app.routeTable);
      let scope: { companyId: number | null; companyName: string | null } | null = null;
      if (user.type === 'company' && !root) {
        let companyName: string | null = null;
        if (user.companyId !== null) {
          const company = entityTables.company!;
          const [c] = await db
            .select({ name: company.name })
            .from(company)
            .where(eq(company.id, user.companyId))
            .limit(1);
          companyName = (c?.name as string | null | undefined) ?? null;
        }
        scope = { companyId: user.companyId, companyName };
      }
      return ok({ root, roles: roles.map(roleOut), ...access, scope });
    },
  );
};
