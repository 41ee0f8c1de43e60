import { useTexts } from '../../i18n/texts';

// The texts of the permission-tree widget (the role editor's grants): the i18next namespace `permissionTree`.

export const en = {
  'tree.search': 'Search permissions (English or Chinese)',
  'tree.readsIncluded': 'reads included',
  'tree.notYours': 'You do not hold this permission, so you cannot grant it',
  'tree.empty': 'No permission matches',
  'tree.loadFailed': 'The permission tree could not be loaded',
  'tree.count_one': '{{count}} permission',
  'tree.count_other': '{{count}} permissions',
};

type TableKey = keyof typeof en;

/** The keys callers name: a plural text is named without its suffix (i18next picks the form from `count`). */
type PermissionTreeTextKey = TableKey extends infer K
  ? K extends `${infer Base}_${'one' | 'other'}`
    ? Base
    : K
  : never;

export const zh: Record<Exclude<TableKey, 'tree.count_one'>, string> = {
  'tree.search': '搜索权限（中文或英文）',
  'tree.readsIncluded': '含查看',
  'tree.notYours': '您本人没有该权限，不能授予',
  'tree.empty': '没有匹配的权限',
  'tree.loadFailed': '权限树加载失败',
  'tree.count_other': '{{count}} 项权限',
};

export const usePermissionTreeText = () => useTexts<PermissionTreeTextKey>('permissionTree');
