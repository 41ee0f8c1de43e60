import {
  type ExportQuery,
  exportQuerySchema,
  type ListQuery,
  listQuerySchema,
  STAFF_USER_TYPES,
} from '@organiser/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_LIST_MENU } from '../../access/account-guard';
import type { Access } from '../../access/route-access';
import type { Db } from '../../db/client';
import {
  contentDisposition,
  type Engine,
  type EngineEntity,
  engineValidator,
  exportRecords,
  fieldsError,
  idParams,
} from '../../engine';
import { AppError } from '../../errors';
import { ok, okSchema } from '../../plugins/envelope';
import { formFields } from '../../plugins/form-body';
import { createMailer } from '../mail';
import {
  interestBody,
  interestsOf,
  issue,
  loginOf,
  recordOf,
  roleSchema,
  rolesOf,
  staffList,
} from './accounts';
import { ACTIVATION_PAGE, activateAccount } from './activation';
import type { UsersRuntime } from './runtime';
import { openSessions, sessionSchema } from './sessions';

// The account calls of the user and admin screens that are not engine routes, with the product's paths
// verbatim under /api: the staff list, a staff account's roles and sessions, interests and the activation
// link. The two-step import (upload, import) is the engine's checked import, declared by user_manager. The writes on one account (password reset, roles, interests, activation mail, a
// session's end) are user_manager commands, served by the engine with the account rule's hook like every
// other write of an account. The calls on any account hang under the user list's menu; those only a staff
// account has (the staff list, roles, sessions) under the admin accounts' menu.

const MENU = '/user/user_list';
const read: Access = { kind: 'menu', url: MENU };
const staffRead: Access = { kind: 'menu', url: ADMIN_LIST_MENU };
/** Not the entity's tag: the route table of user_manager lists the engine's routes only. */
const tags = ['users'];
const listEnvelope = z.object({
  list: z.array(z.record(z.string(), z.unknown())),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  totalIsEstimate: z.boolean(),
});
const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);

/** What the users routes share: the app and the user_manager entity of the server's engine. */
type UsersRoutes = {
  app: Parameters<FastifyPluginAsyncZod>[0];
  db: Db;
  engine: Engine;
  entity: EngineEntity;
};

/** The staff list, a staff account's roles and its open sessions. */
function registerStaffRoutes({ app, db, engine, entity }: UsersRoutes): void {
  const { def, policy } = entity;
  app.get(
    '/user_manager/list_admin',
    {
      validatorCompiler: engineValidator,
      config: { access: staffRead },
      schema: {
        operationId: 'user_manager_list_admin',
        tags,
        summary:
          'Staff accounts (organiser and supplier logins) with their roles: the same filters, keyword, sort and pages as the user list',
        querystring: listQuerySchema(def, policy),
        response: { 200: okSchema(listEnvelope) },
      },
    },
    async (request) => ok(await staffList(db, engine, entity, request.query as ListQuery, request.lang)),
  );

  app.get(
    '/user_manager/export_admin',
    {
      validatorCompiler: engineValidator,
      config: { access: staffRead },
      schema: {
        operationId: 'user_manager_export_admin',
        tags,
        summary:
          "Staff accounts as xlsx or CSV: what the staff list shows, with its filters, keyword and sort (headers in the caller's language, at most 50,000 rows)",
        querystring: exportQuerySchema(def, policy),
      },
    },
    async (request, reply) => {
      const input = request.query as ExportQuery;
      // staff accounts are not imported from a file: only what the list shows
      if (input.purpose !== 'view') throw new AppError('badParameter', { params: { name: 'purpose' } });
      const query = { ...input.query, where: { field: 'type', in: [...STAFF_USER_TYPES] } };
      const file = await exportRecords({ db, engine, entity, lang: request.lang }, { ...input, query });
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', contentDisposition(file.filename))
        .header('Cache-Control', 'no-store')
        .send(file.stream);
    },
  );

  app.post(
    '/role/list_by_user',
    {
      config: { access: staffRead },
      preValidation: formFields,
      schema: {
        operationId: 'role_list_by_user',
        tags,
        summary: 'Every role, with whether the account holds it and whether the caller may assign it',
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
        body: z.object({ userId: z.coerce.number().int().positive().max(2147483647) }),
        response: { 200: okSchema(z.array(roleSchema)) },
      },
    },
    async (request) => {
      const row = await recordOf(db, entity, request.body.userId);
      return ok(await rolesOf(db, request.auth!.user.id, row, loginOf(row, request.lang)));
    },
  );

  app.get(
    '/user_manager/sessions/:id',
    {
      config: { access: staffRead },
      schema: {
        operationId: 'user_manager_sessions',
        tags,
        summary: "A staff account's open sessions: device, address, last seen",
        params: idParams,
        response: { 200: okSchema(z.array(sessionSchema)) },
      },
    },
    async (request) => {
      const loginId = loginOf(await recordOf(db, entity, request.params.id), request.lang);
      return ok(await openSessions(db, loginId, request.auth!.sessionId));
    },
  );
}

/** Interests, and the activation link's two calls (public: the link's token is the credential). */
function registerActivationRoutes({ app, db, entity }: UsersRoutes): void {
  app.post(
    '/user_manager/get_user_interest/:id',
    {
      config: { access: read, systemLog: false },
      schema: {
        operationId: 'user_manager_get_user_interest',
        tags,
        summary: "The account's favourite product categories (ids)",
        params: idParams,
        response: { 200: okSchema(interestBody) },
      },
    },
    async (request) => {
      await recordOf(db, entity, request.params.id);
      return ok(await interestsOf(db, request.params.id));
    },
  );

  app.get(
    '/user_manager/activate',
    {
      config: { access: { kind: 'public' } },
      schema: {
        operationId: 'user_manager_activate_check',
        tags,
        summary:
          "An activation link of an earlier mail: sends the browser to the console's activation page, which activates on a button press (opening a link activates nothing)",
        querystring: z.strictObject({ token: tokenSchema }),
      },
    },
    async (request, reply) =>
      reply.redirect(`${ACTIVATION_PAGE}?${new URLSearchParams({ token: request.query.token })}`, 303),
  );

  app.post(
    '/user_manager/activate',
    {
      config: { access: { kind: 'public' } },
      schema: {
        operationId: 'user_manager_activate',
        tags,
        summary:
          "Activate the account of an activation link's token (the console's activation page sends it when its button is pressed): once, before the link expires",
        body: z.strictObject({ token: tokenSchema }),
        response: { 200: okSchema(z.object({ account: z.string() })) },
      },
    },
    async (request) => {
      const account = await activateAccount(db, entity, request.body.token);
      if (account) return ok({ account });
      const refusal = issue(
        'token',
        'The link is not valid, already used or expired',
        '链接无效、已使用或已过期',
      );
      throw fieldsError([refusal], request.lang);
    },
  );
}

export function usersRoutes(runtime: UsersRuntime, engine: Engine): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, config } = app;
    const entity = engine.get('user_manager')!;
    runtime.start(createMailer(db, config.server.smtpUrl), config.server, () => {
      // the port the server listens on (PORT=0 picks a free one), or none yet
      const bound = app.server.address();
      return bound && typeof bound === 'object' ? bound.port : undefined;
    });
    const routes: UsersRoutes = { app, db, engine, entity };
    registerStaffRoutes(routes);
    registerActivationRoutes(routes);
  };
}
