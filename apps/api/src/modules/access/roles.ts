import { ROLE_MENU } from '@organiser/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminUser, role, userRole } from '../../db/schema';
import { AppError } from '../../errors';
import { ok, okSchema } from '../../plugins/envelope';

// The role read the engine does not offer: the accounts holding a role. The role records themselves
// (/adminManage/role_list, role/role_edit/{id}) are the engine's `role` entity, with the rules of role-rules.ts.

const idParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const holderSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  type: z.enum(['admin', 'company']),
  companyId: z.number().int().nullable(),
  status: z.enum(['enabled', 'disabled']),
});

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/role/:id/holders',
    {
      config: { access: { kind: 'menu', url: ROLE_MENU } },
      schema: {
        tags: ['access'],
        operationId: 'role_holders',
        summary: 'The accounts holding a role (at most 1,000, by account name)',
        params: idParams,
        response: { 200: okSchema(z.array(holderSchema)) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [found] = await db.select({ id: role.id }).from(role).where(eq(role.id, id)).limit(1);
      if (!found) throw new AppError('notFound');
      return ok(
        await db
          .select({
            id: adminUser.id,
            account: adminUser.account,
            nickname: adminUser.nickname,
            type: adminUser.type,
            companyId: adminUser.companyId,
            status: adminUser.status,
          })
          .from(adminUser)
          .innerJoin(userRole, and(eq(userRole.userId, adminUser.id), eq(userRole.roleId, id)))
          .orderBy(asc(adminUser.account))
          .limit(1000),
      );
    },
  );
};
