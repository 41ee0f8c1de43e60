import {
  company,
  consult,
  customerService,
  product,
  resourcePermissions,
  siteChatConversation,
  siteMessage,
} from '@organiser/domain';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { assertMayActOnAccount } from '../../access/account-guard';
import { invalidateAuthCaches } from '../../access/auth-cache';
import type { Db } from '../../db/client';
import {
  adminUser,
  defaultGrant,
  permission,
  role,
  rolePermission,
  session,
  userRole,
} from '../../db/schema';
import { entityTables } from '../../db/schema/entities';
import {
  type CommandHandler,
  type Row,
  SECRET_MASK,
  type Tx,
  type WriteContext,
  type WriteEvent,
} from '../../engine';
import { AppError } from '../../errors';

/** The demo supplier login (apps/api/src/modules/companies/demo.ts), printed at start. */
export const DEMO_SUPPLIER = { account: 'supplier', password: 'supplier123' } as const;

// A company's `account` is a login of type company, confined to its own company's rows. The login
// is created (or an unlinked company login is linked) in the company's own write when a password is given:
// on create, or later on edit. Trashing the company disables the login and revokes its sessions; restoring it
// enables the login again; deleting the company for good deletes the login.

export const SUPPLIER_ROLE = 'supplier';

/** What the seeded supplier role may open: its company (the list shows only its own), its contacts, its
 * products, the consults sent to it, its letters to its buyers, its conversations with them and its company's
 * statistics. */
export const SUPPLIER_MENUS = [
  '/company',
  '/company/company_list',
  '/company/supplier/company_edit/:id',
  '/customer_service',
  '/customer_service/customer_service_edit/:id',
  '/productManage',
  '/productManage/product_list',
  '/productManage/product/product_add',
  '/productManage/product/product_edit/:id',
  '/buy_requirement',
  '/buy_requirement/buy_requirement_market',
  '/consult',
  '/consult/consult_list',
  '/consult/consult_edit/:id',
  '/site_message',
  '/site_message/site_message_list',
  '/site_message/site_message_add',
  '/site_message/site_message_edit/:id',
  '/site_chat_message',
  '/site_chat_message/site_chat_message_list',
  '/site_chat_message/site_chat_message_edit/:id',
  // its own company's statistics
  '/conduct_statistical',
  '/conduct_statistical/page_view_list',
];

/** The API routes it may call besides reads, by their key in the route table: saving its company and
 * managing its contacts. */
const supplierResources = () => [
  ...resourcePermissions(company, ['update']),
  ...resourcePermissions(customerService, [
    'create',
    'update',
    'delete',
    'batchDelete',
    'action:enable',
    'action:disable',
    'batchAction:enable',
    'batchAction:disable',
    'command:setDefault',
  ]),
  // its own products (the audit decisions stay the organiser's)
  ...resourcePermissions(product, [
    'create',
    'update',
    'delete',
    'batchDelete',
    'action:enable',
    'action:disable',
    'batchAction:enable',
    'batchAction:disable',
  ]),
  // replies to the consults sent to its company
  ...resourcePermissions(consult, ['command:reply']),
  // letters to its own buyers, within its company's monthly site letters
  ...resourcePermissions(siteMessage, [
    'create',
    'update',
    'delete',
    'action:send',
    'command:schedule',
    'action:cancel',
  ]),
  // answers and reads the conversations of its company (moderation stays the organiser's)
  ...resourcePermissions(siteChatConversation, ['command:reply', 'command:markRead']),
];

/**
 * The `supplier` role (created once, reference data run at every start after the permission sync) and its
 * default permissions, given through the ledger of default grants: a default not yet recorded for this
 * database is granted and recorded, so a new default reaches an existing database, and one an administrator
 * removed afterwards stays removed.
 */
export async function ensureSupplierRole(db: Db): Promise<number> {
  const roleId = await supplierRole(db);
  const menus = await db
    .select({ id: permission.id })
    .from(permission)
    .where(and(eq(permission.type, 'menu'), inArray(permission.url, SUPPLIER_MENUS)));
  const wanted = supplierResources();
  const resources = (
    await db
      .select({ id: permission.id, method: permission.method, url: permission.url })
      .from(permission)
      .where(eq(permission.type, 'resource'))
  ).filter((p) => wanted.some((r) => r.method === p.method && r.url === p.url));
  await applyDefaultGrants(
    db,
    SUPPLIER_ROLE,
    roleId,
    [...menus, ...resources].map((p) => p.id),
  );
  return roleId;
}

async function supplierRole(db: Db): Promise<number> {
  const [existing] = await db.select({ id: role.id }).from(role).where(eq(role.code, SUPPLIER_ROLE)).limit(1);
  if (existing) return existing.id;
  const [created] = await db
    .insert(role)
    .values({ nameEn: 'Supplier', nameZh: '供应商', code: SUPPLIER_ROLE })
    .onConflictDoNothing({ target: role.code })
    .returning({ id: role.id });
  return created ? created.id : supplierRole(db);
}

/**
 * Grants the defaults of a role that this database has not recorded yet, and records them, in one
 * transaction: of two nodes starting together, the one whose ledger insert wins grants (the other sees the
 * rows recorded and grants nothing). Returns the permission ids granted now.
 */
export async function applyDefaultGrants(
  db: Db,
  roleCode: string,
  roleId: number,
  permissionIds: readonly number[],
): Promise<number[]> {
  if (!permissionIds.length) return [];
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(defaultGrant)
      .values(permissionIds.map((permissionId) => ({ roleCode, permissionId })))
      .onConflictDoNothing()
      .returning({ permissionId: defaultGrant.permissionId });
    const fresh = recorded.map((r) => r.permissionId);
    if (fresh.length)
      await tx
        .insert(rolePermission)
        .values(fresh.map((permissionId) => ({ roleId, permissionId })))
        .onConflictDoNothing();
    return fresh;
  });
}

async function supplierRoleId(tx: Tx): Promise<number> {
  const [found] = await tx.select({ id: role.id }).from(role).where(eq(role.code, SUPPLIER_ROLE)).limit(1);
  return found ? Number(found.id) : ensureSupplierRole(tx);
}

const revokeSessions = (tx: Tx, userId: number, reason: 'password' | 'disabled') =>
  tx
    .update(session)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(session.userId, userId), isNull(session.revokedAt)));

/** Creates the company's login, or sets its password: a login of another kind holding the account is a 409. */
export async function setLogin(tx: Tx, ctx: WriteContext, row: Row, password: string): Promise<void> {
  const companyId = Number(row.id);
  const account = String(row.account);
  const passwordHash = await ctx.hashPassword(password);
  const [holder] = (await tx
    .select({ id: adminUser.id, type: adminUser.type, companyId: adminUser.companyId })
    .from(adminUser)
    .where(
      or(
        eq(adminUser.account, account),
        and(eq(adminUser.type, 'company'), eq(adminUser.companyId, companyId)),
      ),
    )
    .orderBy(adminUser.id)
    .limit(1)) as { id: number; type: string; companyId: number | null }[];
  if (holder) {
    const isMine = holder.type === 'company' && holder.companyId === companyId;
    // A company login left by a company that no longer exists may be taken over.
    const company = entityTables.company!;
    const isFree =
      holder.type === 'company' &&
      (holder.companyId === null ||
        (
          await tx
            .select({ id: company.id })
            .from(company)
            .where(and(eq(company.id, holder.companyId), isNull(company.deletedAt)))
            .limit(1)
        ).length === 0);
    if (!isMine && !isFree) {
      const label = ctx.entity.def.fields.account?.label[ctx.lang] ?? 'account';
      throw new AppError('duplicate', { params: { field: label } });
    }
    // A new password for an existing login is a write on that account: the account rule decides.
    await assertMayActOnAccount(tx as Db, ctx.actor?.id ?? null, {
      account,
      type: 'company',
      loginId: holder.id,
    });
    await tx
      .update(adminUser)
      .set({
        account,
        passwordHash,
        companyId,
        status: 'enabled',
        failedLogins: 0,
        lockedUntil: null,
        updatedAt: new Date(),
      })
      .where(eq(adminUser.id, holder.id));
    await revokeSessions(tx, holder.id, 'password');
    const roleId = await supplierRoleId(tx);
    await tx.insert(userRole).values({ userId: holder.id, roleId }).onConflictDoNothing();
    return;
  }
  const [user] = await tx
    .insert(adminUser)
    .values({
      account,
      passwordHash,
      nickname: String(row.name ?? account).slice(0, 100),
      type: 'company',
      companyId,
    })
    .returning({ id: adminUser.id });
  await tx.insert(userRole).values({ userId: user!.id, roleId: await supplierRoleId(tx) });
}

/** The company's write hook: keeps its supplier login in step with the company. */
export async function syncSupplierLogin(tx: Tx, ctx: WriteContext, event: WriteEvent): Promise<void> {
  for (const { before, after, input } of event.rows) {
    const companyId = Number((after ?? before)!.id);
    if (after && typeof input.password === 'string') await setLogin(tx, ctx, after, input.password);
    if (event.action === 'delete' || event.action === 'restore') {
      const status = event.action === 'delete' ? 'disabled' : 'enabled';
      const users = (await tx
        .update(adminUser)
        .set({ status, updatedAt: new Date() })
        .where(and(eq(adminUser.type, 'company'), eq(adminUser.companyId, companyId)))
        .returning({ id: adminUser.id })) as { id: number }[];
      if (status === 'disabled') for (const u of users) await revokeSessions(tx, u.id, 'disabled');
    }
    if (event.action === 'purge')
      await tx
        .delete(adminUser)
        .where(and(eq(adminUser.type, 'company'), eq(adminUser.companyId, companyId)));
  }
  // Logins, their sessions and roles may have changed: cached sessions and permissions are dropped.
  invalidateAuthCaches({ beforeCommit: true });
}

/** The company's `resetLoginPassword` command: sets its supplier login's password (creating the login when
 * the company has none yet) and ends the login's sessions. History records the change masked. */
export const resetLoginPassword: CommandHandler = async (tx, ctx, { row, input }) => {
  await setLogin(tx, ctx, row!, String(input.password));
  invalidateAuthCaches({ beforeCommit: true });
  return { changes: [{ field: 'password', old: SECRET_MASK, new: SECRET_MASK }] };
};
