import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@organiser/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../plugins/envelope';
import { listLoginAccounts, loginHistory, unlockAccount } from './login-security';

// /systemManage/login_security: the lockout state of staff accounts, their unlock, and an account's login
// history. The history is read from the system log, which already records every login attempt (account
// tried, address, result, reason) after the response: a table of its own would be a second copy of the same
// rows, written on the login path, with the same retention.

export const LOGIN_SECURITY_MENU = '/systemManage/login_security';

const accountSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  type: z.enum(['admin', 'company']),
  status: z.enum(['enabled', 'disabled']),
  failedLogins: z.number().int(),
  lockedUntil: z.string().nullable(),
  isLocked: z.boolean(),
  lastLoginAt: z.string().nullable(),
});

const attemptSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  success: z.boolean(),
  ip: z.string(),
  errorMessage: z.string().nullable(),
  time: z.string(),
});

const paging = {
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
};

export const loginSecurityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/login_security/list',
    {
      config: { access: { kind: 'menu', url: LOGIN_SECURITY_MENU } },
      schema: {
        tags: ['system'],
        operationId: 'login_security_list',
        summary: 'Staff and supplier logins with their failed-login count and lock, locked ones first',
        querystring: z.strictObject({
          ...paging,
          keyword: z.string().trim().max(100).optional().describe('Part of the account or nickname'),
          locked: z.enum(['true', 'false']).optional().describe('true: only accounts locked now'),
        }),
        response: {
          200: okSchema(
            z.object({
              list: z.array(accountSchema),
              total: z.number().int(),
              page: z.number().int(),
              size: z.number().int(),
            }),
          ),
        },
      },
    },
    async (request) => ok(await listLoginAccounts(db, request.query)),
  );

  app.post(
    '/login_security/unlock/:id',
    {
      config: {
        access: {
          kind: 'resource',
          menu: LOGIN_SECURITY_MENU,
          name: { en: 'Unlock account', zh: '解锁账号' },
        },
      },
      schema: {
        tags: ['system'],
        operationId: 'login_security_unlock',
        summary: 'Lifts the lock of an account and restarts its failed-login count',
        params: z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        response: { 200: okSchema(accountSchema.pick({ id: true, failedLogins: true, isLocked: true })) },
      },
    },
    async (request) => {
      const row = await unlockAccount(db, request.params.id);
      request.logContext.args = { id: row.id, account: row.account };
      return ok({ id: row.id, failedLogins: 0, isLocked: false });
    },
  );

  app.get(
    '/login_security/history/:id',
    {
      config: { access: { kind: 'menu', url: LOGIN_SECURITY_MENU } },
      schema: {
        tags: ['system'],
        operationId: 'login_security_history',
        summary: 'The login attempts of an account (from the system log), newest first',
        params: z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        querystring: z.strictObject({
          ...paging,
          success: z.enum(['true', 'false']).optional(),
        }),
        response: {
          200: okSchema(
            z.object({
              account: z.string(),
              list: z.array(attemptSchema),
              total: z.number().int(),
              page: z.number().int(),
              size: z.number().int(),
            }),
          ),
        },
      },
    },
    async (request) => ok(await loginHistory(db, request.params.id, request.query, request.lang)),
  );
};
