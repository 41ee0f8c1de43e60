import { defineEntity, enableStatus, t } from '../kit';
import { ROOT_ROLE } from '../navigation';

/** The role list's menu: reading roles needs it, each write its resource permission under it. */
export const ROLE_MENU = '/adminManage/role_list';

/**
 * /adminManage/role_list and role/role_edit/{id}: a role has a name in both languages, a unique code, a status,
 * a remark and the permissions it grants, chosen in the permission tree. The permissions are kept in
 * `role_permission`, the table every permission check reads. The reserved `root` role sees everything and is
 * never changed. The API answers a role's name as `{ en, zh }` and takes it so, as the product always has.
 */
export const role = defineEntity({
  name: 'role',
  labels: { singular: t('Role', '角色'), plural: t('Roles', '角色') },
  permission: { menu: ROLE_MENU },
  behaviour: {
    hooks: {
      access: [
        'beforeValidate: roleBodyIn',
        'beforeWrite: checkRoleValues',
        'afterWrite: guardRoleWrite',
        'afterCommit: forgetAccess',
      ],
    },
    screens: {
      'entity-list': 'access/access-screens RoleListPage (add at role_edit/new; holders in the drawer)',
      'entity-form': 'access/access-screens RoleEditPage (`new` adds; holders and what the role opens)',
    },
  },
  fields: {
    code: {
      kind: 'text',
      label: t('Code', '编码'),
      required: true,
      unique: true,
      maxLength: 50,
      pattern: {
        source: '^[a-z][a-z0-9_]*$',
        message: t(
          'A code starts with a lowercase letter, then lowercase letters, digits or _',
          '编码以小写字母开头，其后为小写字母、数字或 _',
        ),
        example: 'auditor',
      },
      list: { sortable: true, width: 160 },
    },
    nameEn: {
      kind: 'text',
      label: t('Name (English)', '名称（英文）'),
      column: 'name',
      required: true,
      maxLength: 100,
      list: { width: 180 },
    },
    nameZh: {
      kind: 'text',
      label: t('Name (Chinese)', '名称（中文）'),
      required: true,
      maxLength: 100,
      list: { width: 180 },
    },
    status: enableStatus(),
    remark: {
      kind: 'text',
      label: t('Remark', '备注'),
      maxLength: 500,
      default: '',
      list: { shown: false },
    },
    permissionIds: {
      kind: 'relationMany',
      label: t('Permissions', '权限'),
      to: 'permission',
      labelField: 'nameEn',
      maxCount: 5000,
      through: { table: 'role_permission', source: 'role_id', target: 'permission_id' },
      // exported and imported with the role; no list column (a role holds hundreds)
      list: { shown: false },
      form: { widget: 'permissionTree', span: 24 },
    },
  },
  search: ['code', 'nameEn', 'nameZh'],
  defaultSort: { field: 'id', order: 'asc' },
  labelField: 'nameEn',
  uniqueIndexNames: { role_code_unique: 'role_code_key' },
  builtIn: { when: { field: 'code', in: [ROOT_ROLE] } },
});
