import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminUser, permission, role, rolePermission, userRole } from '../../db/schema';
import { AppError } from '../../errors';

/** get_current_user_info: what the console shows about the signed-in user. */
export type UserInfo = {
  account: string;
  nickname: string;
  avatar: string;
  introduction: string;
  roles: string[];
  type: 'admin' | 'company';
  companyId: number | null;
};

export async function loadUserInfo(db: Db, userId: number): Promise<UserInfo> {
  const [user] = await db.select().from(adminUser).where(eq(adminUser.id, userId)).limit(1);
  if (!user) throw new AppError('tokenInvalid');
  const roles = await db
    .select({ code: role.code })
    .from(userRole)
    .innerJoin(role, and(eq(role.id, userRole.roleId), eq(role.status, 'enabled')))
    .where(eq(userRole.userId, userId))
    .orderBy(asc(role.code));
  return {
    account: user.account,
    nickname: user.nickname,
    avatar: user.avatar,
    introduction: user.introduction,
    roles: roles.map((r) => r.code),
    type: user.type,
    companyId: user.companyId,
  };
}

export type MenuEntry = {
  id: number;
  parentId: number | null;
  url: string;
  icon: string | null;
  name: { en: string; zh: string };
  type: 'menu' | 'resource';
  method: string;
};

/** get_login_menu: the user's enabled menu and resource permissions; role root gets all. */
export async function loadUserPermissions(db: Db, userId: number, isRoot: boolean): Promise<MenuEntry[]> {
  const columns = {
    id: permission.id,
    parentId: permission.parentId,
    url: permission.url,
    icon: permission.icon,
    nameEn: permission.nameEn,
    nameZh: permission.nameZh,
    type: permission.type,
    method: permission.method,
  };
  const rows = isRoot
    ? await db
        .select(columns)
        .from(permission)
        .where(eq(permission.status, 'enabled'))
        .orderBy(asc(permission.sortNo), asc(permission.id))
    : await db
        .selectDistinct({ ...columns, sortNo: permission.sortNo })
        .from(permission)
        .innerJoin(rolePermission, eq(rolePermission.permissionId, permission.id))
        .innerJoin(role, and(eq(role.id, rolePermission.roleId), eq(role.status, 'enabled')))
        .innerJoin(userRole, and(eq(userRole.roleId, role.id), eq(userRole.userId, userId)))
        .where(eq(permission.status, 'enabled'))
        .orderBy(asc(permission.sortNo), asc(permission.id));
  return rows.map((r) => ({
    id: r.id,
    parentId: r.parentId,
    url: r.url,
    icon: r.icon,
    name: { en: r.nameEn, zh: r.nameZh },
    type: r.type,
    method: r.method,
  }));
}
