import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { permission, role } from './entities';

// Admin accounts and their links to roles and permissions. The role and permission tables are the engine's
// (entities `role` and `permission`, ./entities), so their writes have versions and history.

const createdAt = () => timestamp('created_at', { withTimezone: true }).defaultNow().notNull();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).defaultNow().notNull();

export const adminUser = pgTable(
  'admin_user',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    account: text('account').notNull(),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    introduction: text('introduction').notNull().default(''),
    /** 'admin' (organiser staff) or 'company' (a supplier account scoped to its company). */
    type: text('type', { enum: ['admin', 'company'] })
      .notNull()
      .default('admin'),
    companyId: integer('company_id'),
    mobile: text('mobile').notNull().default(''),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Unique regardless of case: `Editor` beside `editor` is refused.
    uniqueIndex('admin_user_account_key').on(sql`lower(${t.account})`),
    index('admin_user_company_id_idx').on(t.companyId),
  ],
);

export const rolePermission = pgTable(
  'role_permission',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permission.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.permissionId] }),
    index('role_permission_permission_id_idx').on(t.permissionId),
  ],
);

export const userRole = pgTable(
  'user_role',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => adminUser.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_role_role_id_idx').on(t.roleId)],
);

/**
 * The ledger of default grants: each default permission of a seeded role (by the role's code) is given once
 * per database and recorded here, so a default added by a later release reaches an existing database at its
 * next start, while a grant an administrator has since removed is not given again.
 */
export const defaultGrant = pgTable(
  'default_grant',
  {
    roleCode: text('role_code').notNull(),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permission.id, { onDelete: 'cascade' }),
    grantedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.roleCode, t.permissionId] }),
    index('default_grant_permission_id_idx').on(t.permissionId),
  ],
);
