import { textSet } from '../../messages';

// The texts of the permission-tree widget (the role editor's grants).

export const en = {
  'tree.search': 'Search permissions (English or Chinese)',
  'tree.readsIncluded': 'reads included',
  'tree.notYours': 'You do not hold this permission, so you cannot grant it',
  'tree.empty': 'No permission matches',
  'tree.loadFailed': 'The permission tree could not be loaded',
  'tree.count': '{{count}} permissions',
};

type PermissionTreeTextKey = keyof typeof en;

export const zh: Record<PermissionTreeTextKey, string> = {
  'tree.search': '搜索权限（中文或英文）',
  'tree.readsIncluded': '含查看',
  'tree.notYours': '您本人没有该权限，不能授予',
  'tree.empty': '没有匹配的权限',
  'tree.loadFailed': '权限树加载失败',
  'tree.count': '{{count}} 项权限',
};

export const permissionTreeTexts = textSet<PermissionTreeTextKey>({ en, zh });
