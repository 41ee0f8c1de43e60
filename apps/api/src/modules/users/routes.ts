import { randomBytes, randomUUID } from 'node:crypto';
import {
  type KitIssue,
  type ListQuery,
  listQuerySchema,
  ROOT_ROLE,
  STAFF_USER_TYPES,
} from '@organiser/domain';
import { and, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import {
  adminUser,
  importHandle,
  role,
  rolePermission,
  session,
  userInterest,
  userRole,
} from '../../db/schema';
import { type CheckedImport, checkImport, importChecked, importFileOf } from '../../engine';
import type { Row, WriteContext } from '../../engine/context';
import { withEffective } from '../../engine/effective';
import { createEngine } from '../../engine/engine';
import { fieldsError } from '../../engine/field-errors';
import { runList } from '../../engine/list';
import { updateRecord } from '../../engine/record-writes';
import { toListRecord, withLabels } from '../../engine/records';
import { engineValidator, idParams, importReportSchema } from '../../engine/route-context';
import { loadRow } from '../../engine/row-scope';
import { AppError } from '../../errors';
import type { Extensions } from '../../extensions';
import type { Access } from '../../http/access';
import { ok, okSchema } from '../../plugins/envelope';
import { formFields } from '../../plugins/form-body';
import { ADMIN_LIST_MENU, assertMayActOnAccount } from '../../security/account-guard';
import { invalidateAuthCaches } from '../../security/auth-cache';
import { hashPassword } from '../../security/password';
import { assertHeld, heldPermissionIds } from '../../security/permissions';
import { assertRootRemains } from '../../security/root-guard';
import { revokeSession } from '../auth/sessions';
import { createMailer } from '../mail';
import {
  ACTIVATION_HOURS,
  ACTIVATION_PAGE,
  activateAccount,
  issueActivationToken,
  publicAddress,
} from './activation';

// The account calls of the user and admin screens that are not plain record routes, with the product's paths
// verbatim under /api: the staff list, password reset, roles, interests, the activation mail and its link,
// the two-step import, and each login's sessions. The calls on any account hang under the user list's menu;
// those only a staff account has (the staff list, roles, sessions) under the admin accounts' menu. Every call
// that acts on an account passes the account rule (security/account-guard.ts), which also asks for the admin
// accounts' menu when the account is a staff account.

const MENU = '/user/user_list';
const t = (en: string, zh: string) => ({ en, zh });
const read: Access = { kind: 'menu', url: MENU };
const write = (en: string, zh: string): Access => ({ kind: 'resource', menu: MENU, name: t(en, zh) });
const staffRead: Access = { kind: 'menu', url: ADMIN_LIST_MENU };
const staffWrite = (en: string, zh: string): Access => ({
  kind: 'resource',
  menu: ADMIN_LIST_MENU,
  name: t(en, zh),
});
/** Not the entity's tag: the route table of user_manager lists the engine's routes only. */
const tags = ['users'];

/** Most rows an account file may have. */
export const USER_IMPORT_MAX_ROWS = 10_000;
/** A checked import file waits this long for its confirmation. */
const IMPORT_HANDLE_MINUTES = 60;

const issue = (path: string, en: string, zh: string): KitIssue => ({ path, message: t(en, zh) });

/** A new random password: 12 letters and digits, with at least one of each. */
export function randomPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  for (;;) {
    const bytes = randomBytes(12);
    const out = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    if (/[A-Za-z]/.test(out) && /\d/.test(out)) return out;
  }
}

const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  status: z.string(),
  assigned: z.boolean(),
  assignable: z
    .boolean()
    .describe(
      'The caller may give or take this role on this account: never on its own account or one it may not act on, and only a role whose every permission the caller holds (root: any)',
    ),
});

const sessionSchema = z.object({
  id: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  isCurrent: z.boolean(),
});

export function usersRoutes(ext: Extensions): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, config } = app;
    const engine = createEngine(config.deployment);
    const entity = engine.get('user_manager')!;
    const { def, policy } = entity;
    const mailer = createMailer(db, config.server.smtpUrl);
    const texts = {};
    /** The port the server listens on (PORT=0 picks a free one), or none yet. */
    const listeningPort = () => {
      const bound = app.server.address();
      return bound && typeof bound === 'object' ? bound.port : undefined;
    };

    const context = (request: FastifyRequest): WriteContext => ({
      db,
      engine,
      entity,
      lang: request.lang,
      actor: request.auth ? { id: request.auth.user.id, account: request.auth.user.account } : null,
      rowScope: null,
      hashPassword: (plain) => hashPassword(plain, config.server.passwordHash),
      extensions: ext,
    });

    /** The live record of an id, or 404. */
    const recordOf = async (id: number): Promise<Row> => {
      const row = await loadRow(db, entity, id);
      if (!row) throw new AppError('notFound');
      return row;
    };
    /** The console login of a staff record; other accounts have no roles or sessions. */
    const loginOf = (row: Row, lang: 'en' | 'zh'): number => {
      if (!(STAFF_USER_TYPES as readonly string[]).includes(String(row.type)) || row.loginId == null)
        throw fieldsError(
          [issue('userId', 'Only staff accounts sign in to the console', '只有后台账号可以登录后台')],
          lang,
        );
      return Number(row.loginId);
    };

    /** The caller may act on the account (the account rule), as a yes or no. */
    const mayActOn = (request: FastifyRequest, row: Row) =>
      assertMayActOnAccount(db, request.auth!.user.id, row).then(
        () => true,
        (error) => {
          if (error instanceof AppError && error.status === 403) return false;
          throw error;
        },
      );

    /** Every role, whether the login holds it and whether the caller may give or take it: never on its own
     * login (unless root) or on an account it may not act on; a role only when the caller holds each of its
     * permissions (root: any role). */
    const rolesOf = async (request: FastifyRequest, row: Row, loginId: number) => {
      const caller = request.auth!.user;
      const assigned = new Set(
        (await db.select({ roleId: userRole.roleId }).from(userRole).where(eq(userRole.userId, loginId))).map(
          (r) => r.roleId,
        ),
      );
      const roles = await db.select().from(role).orderBy(role.id);
      const grants = await db.select().from(rolePermission);
      const held = await heldPermissionIds(db, caller);
      const mayChange = (caller.isRoot || loginId !== caller.id) && (await mayActOn(request, row));
      return roles.map((r) => ({
        id: r.id,
        name: r.name,
        code: r.code,
        status: r.status,
        assigned: assigned.has(r.id),
        assignable:
          mayChange &&
          r.status === 'enabled' &&
          (caller.isRoot ||
            (r.code !== ROOT_ROLE && grants.every((g) => g.roleId !== r.id || held.has(g.permissionId)))),
      }));
    };

    /**
     * Role assignment: the account rule; never one's own roles (root aside, kept by the last-root rule); the
     * root role only from root; each added role only when the caller holds every permission it grants (the
     * rule of role edits).
     */
    const assertMayAssign = async (
      request: FastifyRequest,
      row: Row,
      loginId: number,
      roles: { id: number; code: string }[],
    ) => {
      const caller = request.auth!.user;
      await assertMayActOnAccount(db, caller.id, row);
      if (caller.isRoot) return;
      if (loginId === caller.id) throw new AppError('ownRoles');
      if (roles.some((r) => r.code === ROOT_ROLE))
        throw fieldsError(
          [
            issue(
              'ids',
              'Only a root account can give the root role',
              '只有超级管理员可以分配超级管理员角色',
            ),
          ],
          request.lang,
        );
      const current = await db
        .select({ id: userRole.roleId })
        .from(userRole)
        .where(eq(userRole.userId, loginId));
      const added = roles.map((r) => r.id).filter((id) => !current.some((c) => c.id === id));
      if (!added.length) return;
      const grants = await db
        .selectDistinct({ id: rolePermission.permissionId })
        .from(rolePermission)
        .where(inArray(rolePermission.roleId, added));
      await assertHeld(
        db,
        caller,
        grants.map((g) => g.id),
      );
    };

    app.get(
      '/user_manager/list_admin',
      {
        validatorCompiler: engineValidator,
        config: { access: staffRead },
        schema: {
          tags,
          operationId: 'user_manager_list_admin',
          summary:
            'Staff accounts (organiser and supplier logins) with their roles: the same filters, keyword, sort and pages as the user list',
          querystring: listQuerySchema(def, policy),
          response: {
            200: okSchema(
              z.object({
                list: z.array(z.record(z.string(), z.unknown())),
                total: z.number().int(),
                page: z.number().int(),
                size: z.number().int(),
                totalIsEstimate: z.boolean(),
              }),
            ),
          },
        },
      },
      async (request) => {
        const query = request.query as ListQuery;
        const page = await runList(
          db,
          entity,
          { ...query, where: { field: 'type', in: [...STAFF_USER_TYPES] } },
          'live',
          engine,
        );
        const records = await withEffective(
          db,
          engine,
          entity,
          await withLabels(
            db,
            engine,
            entity,
            page.rows.map((r) => toListRecord(engine, entity, r, request.lang)),
            request.lang,
          ),
        );
        const loginIds = page.rows.map((r) => Number(r.loginId)).filter((id) => id > 0);
        const links = loginIds.length
          ? await db
              .select({ userId: userRole.userId, id: role.id, name: role.name, code: role.code })
              .from(userRole)
              .innerJoin(role, eq(role.id, userRole.roleId))
              .where(inArray(userRole.userId, loginIds))
          : [];
        // A staff account signs in through its login: its last sign-in is the login's.
        const lastLogins = new Map(
          loginIds.length
            ? (
                await db
                  .select({ id: adminUser.id, at: adminUser.lastLoginAt })
                  .from(adminUser)
                  .where(inArray(adminUser.id, loginIds))
              ).map((l) => [l.id, l.at])
            : [],
        );
        const list = records.map((record, i) => {
          const loginId = Number(page.rows[i]!.loginId);
          const at = lastLogins.get(loginId);
          return {
            ...record,
            lastLoginTime: at ? at.toISOString() : (record.lastLoginTime ?? null),
            roles: links
              .filter((l) => l.userId === loginId)
              .map((l) => ({ id: l.id, name: l.name, code: l.code })),
          };
        });
        return ok({
          list,
          total: page.total,
          page: query.page,
          size: query.size,
          totalIsEstimate: page.isEstimate,
        });
      },
    );

    app.post(
      '/user_manager/reset_password/:id',
      {
        config: { access: write('Reset password', '重置密码') },
        schema: {
          tags,
          operationId: 'user_manager_reset_password',
          summary:
            "Give the account a new random password and end its sessions: shown once in the answer, or mailed to the account's email when SMTP is configured",
          params: idParams,
          response: {
            200: okSchema(z.object({ password: z.string().nullable(), mailed: z.boolean() })),
          },
        },
      },
      async (request) => {
        const row = await recordOf(request.params.id);
        await assertMayActOnAccount(db, request.auth!.user.id, row);
        const password = randomPassword();
        await updateRecord(context(request), request.params.id, { version: row.version, password });
        const email = typeof row.email === 'string' && row.email ? row.email : null;
        if (mailer.smtp && email) {
          const result = await mailer.sendMail({
            to: email,
            template: 'resetPassword',
            lang: request.lang,
            data: {
              name: String(row.realname ?? row.nickname ?? row.account),
              account: String(row.account),
              password,
            },
          });
          if (result.status === 'sent') return ok({ password: null, mailed: true });
        }
        return ok({ password, mailed: false });
      },
    );

    app.post(
      '/user_manager/config/:id',
      {
        config: { access: staffWrite('Assign roles', '分配角色') },
        schema: {
          tags,
          operationId: 'user_manager_config',
          summary: "Set a staff account's roles (the ids of existing roles; [] removes them all)",
          params: idParams,
          body: z.strictObject({ ids: z.array(z.number().int().positive().max(2147483647)).max(100) }),
          response: { 200: okSchema(z.array(roleSchema)) },
        },
      },
      async (request) => {
        const { lang } = request;
        const row = await recordOf(request.params.id);
        const loginId = loginOf(row, lang);
        const ids = [...new Set(request.body.ids)];
        const found = ids.length
          ? await db.select({ id: role.id, code: role.code }).from(role).where(inArray(role.id, ids))
          : [];
        const missing = ids.filter((id) => !found.some((r) => r.id === id));
        if (missing.length)
          throw fieldsError(
            [issue('ids', `No such role: ${missing.join(', ')}`, `角色不存在：${missing.join(', ')}`)],
            lang,
          );
        await assertMayAssign(request, row, loginId, found);
        await db.transaction(async (tx) => {
          // the last enabled account holding root keeps it
          await assertRootRemains(tx as unknown as Db, { kind: 'setRoles', userId: loginId, roleIds: ids });
          await tx.delete(userRole).where(eq(userRole.userId, loginId));
          if (ids.length)
            await tx.insert(userRole).values(ids.map((roleId) => ({ userId: loginId, roleId })));
          invalidateAuthCaches({ beforeCommit: true });
        });
        invalidateAuthCaches();
        return ok(await rolesOf(request, row, loginId));
      },
    );

    app.post(
      '/role/list_by_user',
      {
        config: { access: staffRead },
        preValidation: formFields,
        schema: {
          tags,
          operationId: 'role_list_by_user',
          summary: 'Every role, with whether the account holds it and whether the caller may assign it',
          consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
          body: z.object({ userId: z.coerce.number().int().positive().max(2147483647) }),
          response: { 200: okSchema(z.array(roleSchema)) },
        },
      },
      async (request) => {
        const row = await recordOf(request.body.userId);
        const loginId = loginOf(row, request.lang);
        return ok(await rolesOf(request, row, loginId));
      },
    );

    const interestBody = z.strictObject({
      categoryIds: z.array(z.number().int().positive().max(2147483647)).max(200),
    });

    app.post(
      '/user_manager/get_user_interest/:id',
      {
        config: { access: read, systemLog: false },
        schema: {
          tags,
          operationId: 'user_manager_get_user_interest',
          summary: "The account's favourite product categories (ids)",
          params: idParams,
          response: { 200: okSchema(interestBody) },
        },
      },
      async (request) => {
        await recordOf(request.params.id);
        const [found] = await db
          .select({ categoryIds: userInterest.categoryIds })
          .from(userInterest)
          .where(eq(userInterest.userId, request.params.id));
        return ok({ categoryIds: found?.categoryIds ?? [] });
      },
    );

    app.post(
      '/user_manager/update_user_interest/:id',
      {
        config: { access: write('Edit interests', '编辑兴趣分类') },
        schema: {
          tags,
          operationId: 'user_manager_update_user_interest',
          summary:
            "Set the account's favourite product categories (each must be a live product category once that table exists)",
          params: idParams,
          body: interestBody,
          response: { 200: okSchema(interestBody) },
        },
      },
      async (request) => {
        await assertMayActOnAccount(db, request.auth!.user.id, await recordOf(request.params.id));
        const ids = [...new Set(request.body.categoryIds)];
        const unknown = await unknownCategories(ids);
        if (unknown.length)
          throw fieldsError(
            [
              issue(
                'categoryIds',
                `No such product category: ${unknown.join(', ')}`,
                `产品分类不存在：${unknown.join(', ')}`,
              ),
            ],
            request.lang,
          );
        await db
          .insert(userInterest)
          .values({ userId: request.params.id, categoryIds: ids })
          .onConflictDoUpdate({
            target: userInterest.userId,
            set: { categoryIds: ids, updatedAt: new Date() },
          });
        return ok({ categoryIds: ids });
      },
    );

    /** Ids that are not live product categories; none while the product_category table does not exist. */
    async function unknownCategories(ids: number[]): Promise<number[]> {
      if (!ids.length) return [];
      const rowsOf = (result: unknown) =>
        (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows) as Record<
          string,
          unknown
        >[];
      const [shape] = rowsOf(
        await db.execute(sql`
          select to_regclass('product_category') is not null as "exists",
                 exists (select 1 from information_schema.columns
                         where table_name = 'product_category' and column_name = 'deleted_at') as "soft"`),
      );
      if (!shape?.exists) return [];
      const live = shape.soft ? sql` and deleted_at is null` : sql``;
      const rows = rowsOf(await db.execute(sql`select id from product_category where id in ${ids}${live}`));
      const found = new Set(rows.map((r) => Number(r.id)));
      return ids.filter((id) => !found.has(id));
    }

    app.post(
      '/user_manager/send_active_email/:id',
      {
        config: { access: write('Send activation mail', '发送激活邮件') },
        schema: {
          tags,
          operationId: 'user_manager_send_active_email',
          summary: `Mail the account a single-use activation link (valid ${ACTIVATION_HOURS} hours)`,
          params: idParams,
          response: {
            200: okSchema(
              z.object({ mailId: z.number().int(), status: z.enum(['outbox', 'sent', 'failed']) }),
            ),
          },
        },
      },
      async (request) => {
        const row = await recordOf(request.params.id);
        await assertMayActOnAccount(db, request.auth!.user.id, row);
        const email = typeof row.email === 'string' ? row.email : '';
        if (!email)
          throw fieldsError([issue('email', 'The account has no email', '该账号没有邮箱')], request.lang);
        const token = await issueActivationToken(db, Number(row.id));
        // the console's address from configuration: a request's Host header could name any site
        const address = publicAddress(config.server, listeningPort());
        const link = `${address}${ACTIVATION_PAGE}?${new URLSearchParams({ token })}`;
        const result = await mailer.sendMail({
          to: email,
          template: 'activation',
          lang: request.lang,
          data: {
            name: String(row.realname ?? row.nickname ?? row.account),
            account: String(row.account),
            link,
            hours: String(ACTIVATION_HOURS),
          },
        });
        return ok({ mailId: result.id, status: result.status });
      },
    );

    const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);

    app.get(
      '/user_manager/activate',
      {
        config: { access: { kind: 'public' } },
        schema: {
          tags,
          operationId: 'user_manager_activate_check',
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
          tags,
          operationId: 'user_manager_activate',
          summary:
            "Activate the account of an activation link's token (the console's activation page sends it when its button is pressed): once, before the link expires",
          body: z.strictObject({ token: tokenSchema }),
          response: { 200: okSchema(z.object({ account: z.string() })) },
        },
      },
      async (request) => {
        const account = await activateAccount(db, entity, request.body.token);
        if (!account)
          throw fieldsError(
            [issue('token', 'The link is not valid, already used or expired', '链接无效、已使用或已过期')],
            request.lang,
          );
        return ok({ account });
      },
    );

    app.post(
      '/user_manager/upload',
      {
        config: { access: write('Upload import file', '上传导入文件') },
        schema: {
          tags,
          operationId: 'user_manager_upload',
          summary:
            'Check an xlsx or CSV file of accounts (multipart field "file"; headers in English or Chinese): the per-row report and the handle import takes. Writes nothing',
          consumes: ['multipart/form-data'],
          response: { 200: okSchema(importReportSchema.extend({ handle: z.string() })) },
        },
      },
      async (request) => {
        const buffer = await importFileOf(request);
        if (buffer.length === 0)
          throw fieldsError([issue('file', 'The file is empty', '文件为空')], request.lang);
        const { report, kept } = await checkImport({ ...context(request), texts }, buffer, {
          maxRows: USER_IMPORT_MAX_ROWS,
        });
        if (report.total === 0)
          throw fieldsError([issue('file', 'The file has no rows', '文件没有数据行')], request.lang);
        if (
          report.rows.every((r) => r.errors.length > 0) &&
          report.ignoredColumns.length > 0 &&
          report.valid === 0
        ) {
          const known = report.rows.some((r) => r.errors.some((e) => e.path !== 'account'));
          if (!known)
            throw fieldsError(
              [issue('file', 'The file has no known column', '文件中没有可识别的列')],
              request.lang,
            );
        }
        // expired handles go whenever a file is checked (and daily with the log retention)
        await db.delete(importHandle).where(lte(importHandle.expiresAt, new Date()));
        const handle = randomUUID();
        await db.insert(importHandle).values({
          id: handle,
          entity: def.name,
          userId: request.auth!.user.id,
          sheet: kept,
          report,
          expiresAt: new Date(Date.now() + IMPORT_HANDLE_MINUTES * 60_000),
        });
        return ok({ ...report, handle });
      },
    );

    app.post(
      '/user_manager/import',
      {
        config: { access: write('Import accounts', '导入用户') },
        schema: {
          tags,
          operationId: 'user_manager_import',
          summary:
            'Write the valid rows of a checked file (its handle), all in one transaction; `rows` keeps only those row numbers',
          body: z.strictObject({
            handle: z.uuid(),
            rows: z.array(z.number().int().positive().max(1_000_000)).max(100_000).optional(),
          }),
          response: { 200: okSchema(importReportSchema) },
        },
      },
      async (request) => {
        const { handle, rows } = request.body;
        // taken once: the handle is deleted as it is read, so the same file cannot be imported twice
        const [found] = await db
          .delete(importHandle)
          .where(
            and(
              eq(importHandle.id, handle),
              eq(importHandle.entity, def.name),
              eq(importHandle.userId, request.auth!.user.id),
              gt(importHandle.expiresAt, new Date()),
            ),
          )
          .returning();
        if (!found)
          throw fieldsError(
            [
              issue(
                'handle',
                'The checked file is unknown, already imported or expired',
                '导入文件不存在、已导入或已过期',
              ),
            ],
            request.lang,
          );
        const report = await importChecked({ ...context(request), texts }, found.sheet as CheckedImport, {
          keepRows: rows ? new Set(rows) : undefined,
          maxRows: USER_IMPORT_MAX_ROWS,
        });
        return ok(report);
      },
    );

    app.get(
      '/user_manager/sessions/:id',
      {
        config: { access: staffRead },
        schema: {
          tags,
          operationId: 'user_manager_sessions',
          summary: "A staff account's open sessions: device, address, last seen",
          params: idParams,
          response: { 200: okSchema(z.array(sessionSchema)) },
        },
      },
      async (request) => {
        const loginId = loginOf(await recordOf(request.params.id), request.lang);
        const rows = await db
          .select()
          .from(session)
          .where(
            and(eq(session.userId, loginId), isNull(session.revokedAt), gt(session.expiresAt, new Date())),
          )
          .orderBy(desc(session.lastSeenAt));
        return ok(
          rows.map((s) => ({
            id: s.id,
            ip: s.ip,
            userAgent: s.userAgent,
            createdAt: s.createdAt.toISOString(),
            lastSeenAt: s.lastSeenAt.toISOString(),
            isCurrent: s.id === request.auth!.sessionId,
          })),
        );
      },
    );

    app.post(
      '/user_manager/revoke_session/:id',
      {
        config: { access: staffWrite('End a session', '结束会话') },
        schema: {
          tags,
          operationId: 'user_manager_revoke_session',
          summary: "End one of a staff account's sessions (on every API node at once)",
          params: idParams,
          body: z.strictObject({ sessionId: z.uuid() }),
          response: { 200: okSchema(z.literal(true)) },
        },
      },
      async (request) => {
        const row = await recordOf(request.params.id);
        const loginId = loginOf(row, request.lang);
        await assertMayActOnAccount(db, request.auth!.user.id, row);
        const [found] = await db
          .select({ id: session.id })
          .from(session)
          .where(and(eq(session.id, request.body.sessionId), eq(session.userId, loginId)));
        if (!found) throw new AppError('notFound');
        await revokeSession(db, found.id, 'disabled');
        return ok(true as const);
      },
    );
  };
}
