import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultGrant, permission, role, rolePermission } from '../src/db/schema';
import { ensureSupplierRole, SUPPLIER_ROLE } from '../src/modules/companies';
import { createTestApp, type TestApp } from './helpers';

// The ledger of default grants: a default the database has not recorded yet (a new release's) is granted at
// start; a default an administrator removed stays removed; two starts at once grant once.

let t: TestApp;
let roleId: number;

const menuId = async (url: string) => {
  const [row] = await t.db
    .select({ id: permission.id })
    .from(permission)
    .where(and(eq(permission.type, 'menu'), eq(permission.url, url)));
  return row!.id;
};
const granted = async (permissionId: number) =>
  (
    await t.db
      .select()
      .from(rolePermission)
      .where(and(eq(rolePermission.roleId, roleId), eq(rolePermission.permissionId, permissionId)))
  ).length === 1;

beforeAll(async () => {
  t = await createTestApp();
  const [found] = await t.db.select({ id: role.id }).from(role).where(eq(role.code, SUPPLIER_ROLE));
  roleId = found!.id;
});
afterAll(() => t.close());

describe('default grants of the supplier role', () => {
  it('records every default it gave', async () => {
    const consultList = await menuId('/consult/consult_list');
    expect(await granted(consultList)).toBe(true);
    const ledger = await t.db
      .select()
      .from(defaultGrant)
      .where(and(eq(defaultGrant.roleCode, SUPPLIER_ROLE), eq(defaultGrant.permissionId, consultList)));
    expect(ledger).toHaveLength(1);
  });

  it('gives a default the database has not recorded (a role made before it existed) at the next start', async () => {
    const consultList = await menuId('/consult/consult_list');
    // as a database whose supplier role was created before the consult screens existed
    await t.db.delete(defaultGrant).where(eq(defaultGrant.permissionId, consultList));
    await t.db
      .delete(rolePermission)
      .where(and(eq(rolePermission.roleId, roleId), eq(rolePermission.permissionId, consultList)));
    expect(await granted(consultList)).toBe(false);
    expect(await ensureSupplierRole(t.db)).toBe(roleId);
    expect(await granted(consultList)).toBe(true);
  });

  it('never gives again a default an administrator removed', async () => {
    const companyList = await menuId('/company/company_list');
    await t.db
      .delete(rolePermission)
      .where(and(eq(rolePermission.roleId, roleId), eq(rolePermission.permissionId, companyList)));
    await ensureSupplierRole(t.db);
    await ensureSupplierRole(t.db);
    expect(await granted(companyList)).toBe(false);
  });

  it('grants once when two nodes start together', async () => {
    const consultEdit = await menuId('/consult/consult_edit/:id');
    await t.db.delete(defaultGrant).where(eq(defaultGrant.permissionId, consultEdit));
    await t.db
      .delete(rolePermission)
      .where(and(eq(rolePermission.roleId, roleId), eq(rolePermission.permissionId, consultEdit)));
    await Promise.all([ensureSupplierRole(t.db), ensureSupplierRole(t.db)]);
    expect(await granted(consultEdit)).toBe(true);
    const ledger = await t.db.select().from(defaultGrant).where(eq(defaultGrant.permissionId, consultEdit));
    expect(ledger).toHaveLength(1);
  });
});
