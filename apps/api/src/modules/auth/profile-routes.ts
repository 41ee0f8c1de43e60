import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authenticateFromBody } from '../../access/access-check';
import { invalidateAuthCaches } from '../../access/auth-cache';
import { revokeSession, revokeUserSessions } from '../../access/sessions';
import { adminUser } from '../../db/schema';
import { AppError } from '../../errors';
import { ok, okSchema } from '../../plugins/envelope';
import { formFields } from '../../plugins/form-body';
import { hashPassword, isStrongEnough, verifyPassword } from '../../security/password';
import { menuEntrySchema, userInfoSchema } from './auth-schemas';
import type { App } from './sign-in-routes';
import { loadUserInfo, loadUserPermissions } from './user-info';

const passwordField = z.string().min(1).max(200);

/**
 * A new password for the signed-in user: it must repeat, be strong enough and come with the current one, each
 * refusal on its field; the user's other sessions end.
 */
async function changePassword(
  app: App,
  auth: NonNullable<FastifyRequest['auth']>,
  body: { oldPassword: string; newPassword: string; repeatPassword: string },
  lang: FastifyRequest['lang'],
) {
  const { db, config } = app;
  const { oldPassword, newPassword, repeatPassword } = body;
  const fieldError = (key: 'passwordMismatch' | 'passwordWeak' | 'oldPasswordIncorrect', path: string) => {
    const params = { min: config.deployment.login.passwordMinLength };
    const probe = new AppError(key, { params });
    return new AppError(key, {
      params,
      content: { errors: [{ path, message: probe.messageIn(lang) }] },
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
  await db.update(adminUser).set({ passwordHash, updatedAt: new Date() }).where(eq(adminUser.id, user.id));
  await revokeUserSessions(db, user.id, 'password', auth.sessionId);
}

/** The signed-in user's own calls: who am I, my menu, my password, my profile, sign out. */
export function registerProfileRoutes(app: App) {
  const { db } = app;
  app.post(
    '/user/get_current_user_info',
    {
      config: { access: { kind: 'login', tokenInBody: true }, systemLog: false },
      preValidation: [formFields, authenticateFromBody],
      schema: {
        tags: ['user'],
        operationId: 'user_get_current_user_info',
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
        operationId: 'user_get_login_menu',
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
        operationId: 'user_change_password',
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
      await changePassword(app, request.auth!, request.body, request.lang);
      return ok(true as const);
    },
  );

  app.post(
    '/user/update_profile',
    {
      config: { access: { kind: 'login' } },
      schema: {
        tags: ['user'],
        operationId: 'user_update_profile',
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
        operationId: 'user_logout',
        summary: 'End the current session',
        response: { 200: okSchema(z.literal(true)) },
      },
    },
    async (request) => {
      await revokeSession(db, request.auth!.sessionId, 'logout');
      return ok(true as const);
    },
  );
}
