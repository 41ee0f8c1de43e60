import { useTexts } from '../../i18n/texts';

// The texts of the role and permission screens (the i18next namespace `access`).

export const en = {
  'roles.add': 'Add role',
  'roles.holders': 'Accounts',
  'roles.reserved': 'Reserved',
  'roles.status': 'Status',
  'roles.whoHas': 'Who has this role',
  'roles.noHolders': 'No account holds this role',
  'roles.effective': 'Effective access',
  'roles.menus': 'Menus',
  'roles.routes': 'API routes',
  'roles.everything': 'Role root opens every menu and route',
  'roles.disabledNote': 'This role is disabled: it opens nothing',
  'roles.account': 'Account',
  'roles.nickname': 'Nickname',
  'roles.type': 'Type',
  'roles.typeAdmin': 'Staff',
  'roles.typeCompany': 'Supplier',
  'status.enabled': 'Enabled',
  'status.disabled': 'Disabled',
  'permissions.type': 'Type',
  'permissions.menu': 'Menu',
  'permissions.resource': 'Resource',
  'permissions.method': 'Method',
  'permissions.url': 'URL',
  'permissions.stale': 'Route gone',
  'common.cancel': 'Cancel',
  'common.ok': 'OK',
} as const;

export type AccessTextKey = keyof typeof en;

export const zh: Record<AccessTextKey, string> = {
  'roles.add': '新增角色',
  'roles.holders': '账号数',
  'roles.reserved': '保留',
  'roles.status': '状态',
  'roles.whoHas': '拥有该角色的账号',
  'roles.noHolders': '暂无账号拥有该角色',
  'roles.effective': '实际权限',
  'roles.menus': '菜单',
  'roles.routes': '接口',
  'roles.everything': 'root 角色可访问所有菜单和接口',
  'roles.disabledNote': '该角色已停用，不授予任何权限',
  'roles.account': '账号',
  'roles.nickname': '昵称',
  'roles.type': '类型',
  'roles.typeAdmin': '员工',
  'roles.typeCompany': '供应商',
  'status.enabled': '启用',
  'status.disabled': '停用',
  'permissions.type': '类型',
  'permissions.menu': '菜单',
  'permissions.resource': '资源',
  'permissions.method': '请求方式',
  'permissions.url': '地址',
  'permissions.stale': '路由已不存在',
  'common.cancel': '取消',
  'common.ok': '确定',
};

export const useAccessText = () => useTexts<AccessTextKey>('access');
