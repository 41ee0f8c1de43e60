import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminUser } from '../../db/schema';
import { AppError } from '../../errors';
import { authenticateFromBody } from '../../plugins/auth';
import { ok, okSchema } from '../../plugins/envelope';
import { formFields } from '../../plugins/form-body';
import { invalidateAuthCaches } from '../../security/auth-cache';
import { hashPassword, isStrongEnough, verifyPassword } from '../../security/password';
import { createCaptcha } from './captcha';
import { login } from './login';
import { revokeSession, revokeUserSessions } from './sessions';
import { loadUserInfo, loadUserPermissions } from './user-info';

// The account calls, with the product's paths verbatim under /api/user.

const userInfoSchema = z.object({
  account: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  roles: z.array(z.string()),
  type: z.enum(['admin', 'company']),
  companyId: z.number().int().nullable(),
});

const menuEntrySchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  url: z.string(),
  icon: z.string().nullable(),
  name: z.object({ en: z.string(), zh: z.string() }),
  type: z.enum(['menu', 'resource']),
  method: z.string(),
});

const loginBody = z.object({
  account: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(200),
  checkCode: z.string().trim().min(1).max(20),
  token: z.string().trim().min(1).max(100),
  smsCode: z.string().trim().max(10).optional(),
});

const passwordField = z.string().min(1).max(200);

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const limits = config.deployment.rateLimit;
  // Login is limited per address (route limit) and per account (below), against password guessing.
  const perAccount = app.createRateLimit({
    max: limits.loginPerAccountPerMinute,
    timeWindow: 60_000,
    // the counter's name in its keys (`<prefix>rate-limit:login-account-<account>`)
    counterName: 'login-account',
    keyGenerator: (request) => String((request.body as { account?: unknown })?.account ?? ''),
  } as Parameters<typeof app.createRateLimit>[0]);

  app.get(
    '/user/captcha',
    {
      config: { access: { kind: 'public' }, rateLimit: { max: limits.captchaPerMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['user'],
        summary: 'A new captcha: the token login sends back, and the picture',
        response: { 200: okSchema(z.object({ token: z.string(), svg: z.string() })) },
      },
    },
    async () => ok(await createCaptcha(db, config.deployment.login.captchaTtlSeconds)),
  );

  app.post(
    '/user/login',
    {
      config: { access: { kind: 'public' }, rateLimit: { max: limits.loginPerMinute, timeWindow: 60_000 } },
      preValidation: formFields,
      schema: {
        tags: ['user'],
        summary: 'Sign in (multipart form, URL-encoded form or JSON)',
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
        body: loginBody,
        response: {
          200: okSchema(
            userInfoSchema.extend({ token: z.string().describe('Send it as X-Token on every later call') }),
          ),
        },
      },
    },
    async (request) => {
      request.logContext.account = request.body.account;
      const limited = await perAccount(request);
      if (!limited.isAllowed && limited.isExceeded) throw new AppError('tooManyRequests');
      const result = await login(db, config, request.body, {
        ip: request.ip,
        userAgent: String(request.headers['user-agent'] ?? ''),
        lang: request.lang,
      });
      request.logContext.companyId = result.companyId;
      const { userId: _userId, ...content } = result;
      return ok(content);
    },
  );

  app.post(
    '/user/get_current_user_info',
    {
      config: { access: { kind: 'login', tokenInBody: true }, systemLog: false },
      preValidation: [formFields, authenticateFromBody],
      schema: {
        tags: ['user'],
        summary:
          'The signed-in user: nickname, avatar, introduction, role codes, type, account. The token comes as X-Token or, without it, as the body’s token (multipart form, URL-encoded form or JSON)',
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
        body: z.object({ token: z.string().max(200).optional() }).optional(),
        response: { 200: okSchema(userInfoSchema) },
      },
    },
    async (request) => ok(await loadUserInfo(db, request.auth!.user.id)),
  );

  app.get(
    '/user/get_login_menu',
    {
      config: { access: { kind: 'login' } },
      schema: {
        tags: ['user'],
        summary: "The signed-in user's menu and resource permissions (role root: all)",
        response: { 200: okSchema(z.array(menuEntrySchema)) },
      },
    },
    async (request) => ok(await loadUserPermissions(db, request.auth!.user.id, request.auth!.user.isRoot)),
  );

  app.post(
    '/user/change_password',
    {
      config: { access: { kind: 'login' } },
      schema: {
        tags: ['user'],
        summary: "Change the signed-in user's password; the user's other sessions end",
        body: z.object({
          oldPassword: passwordField,
          newPassword: passwordField,
          repeatPassword: passwordField,
        }),
        response: { 200: okSchema(z.literal(true)) },
      },
    },
    async (request) => {
      const { oldPassword, newPassword, repeatPassword } = request.body;
      const auth = request.auth!;
      const fieldError = (
        key: 'passwordMismatch' | 'passwordWeak' | 'oldPasswordIncorrect',
        path: string,
      ) => {
        const params = { min: config.deployment.login.passwordMinLength };
        const probe = new AppError(key, { params });
        return new AppError(key, {
          params,
          content: { errors: [{ path, message: probe.messageIn(request.lang) }] },
        });
      };
      // The new password must match its repeat.
      if (newPassword !== repeatPassword) throw fieldError('passwordMismatch', 'repeatPassword');
      if (!isStrongEnough(newPassword, config.deployment.login.passwordMinLength)) {
        throw fieldError('passwordWeak', 'newPassword');
      }
      const [user] = await db.select().from(adminUser).where(eq(adminUser.id, auth.user.id)).limit(1);
      if (!user || !(await verifyPassword(user.passwordHash, oldPassword))) {
        throw fieldError('oldPasswordIncorrect', 'oldPassword');
      }
      const passwordHash = await hashPassword(newPassword, config.server.passwordHash);
      await db
        .update(adminUser)
        .set({ passwordHash, updatedAt: new Date() })
        .where(eq(adminUser.id, user.id));
      await revokeUserSessions(db, user.id, 'password', auth.sessionId);
      return ok(true as const);
    },
  );

  app.post(
    '/user/update_profile',
    {
      config: { access: { kind: 'login' } },
      schema: {
        tags: ['user'],
        summary: "Update the signed-in user's nickname, avatar and introduction",
        body: z.object({
          nickname: z.string().trim().min(1).max(50).optional(),
          avatar: z.string().trim().max(500).optional(),
          introduction: z.string().trim().max(500).optional(),
        }),
        response: { 200: okSchema(userInfoSchema) },
      },
    },
    async (request) => {
      const { nickname, avatar, introduction } = request.body;
      const userId = request.auth!.user.id;
      const changes = Object.fromEntries(
        Object.entries({ nickname, avatar, introduction }).filter(([, v]) => v !== undefined),
      );
      if (Object.keys(changes).length) {
        await db
          .update(adminUser)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(adminUser.id, userId));
        invalidateAuthCaches();
      }
      return ok(await loadUserInfo(db, userId));
    },
  );

  app.post(
    '/user/logout',
    {
      config: { access: { kind: 'login' } },
      schema: {
        tags: ['user'],
        summary: 'End the current session',
        response: { 200: okSchema(z.literal(true)) },
      },
    },
    async (request) => {
      await revokeSession(db, request.auth!.sessionId, 'logout');
      return ok(true as const);
    },
  );
};
