import { defineEntity, t } from '../kit';

/** The permission list's menu: reading permissions needs it, each write its resource permission under it. */
export const PERMISSION_MENU = '/adminManage/permission_list';

/** The HTTP methods a resource permission names; a menu names none (''). */
export const PERMISSION_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * /adminManage/permission_list, /systemManage/permission_add and permission_edit/{id}: the permission tree.
 * A menu is a console route (or a link out), a resource an API route (method and url pattern) under its menu.
 * Built-in entries are synchronised from the route catalogue and the API routes at every start: only their
 * names, icon, order and status may change, and the sync keeps those changes (`edited`). Type, method and url
 * are unique together. Whether a built-in resource's route is gone (`stale`) is set by the same synchronisation.
 * The API answers a permission's name as `{ en, zh }` and takes it so, with how many roles hold it (`roles`).
 * A built-in entry may be deleted once its route is gone (`stale`). Deleting one that roles hold is answered
 * 409 naming them until it is repeated with `confirm=true`, which takes it from each of them (a new version of
 * each role, in its history).
 */
export const permission = defineEntity({
  name: 'permission',
  labels: { singular: t('Permission', '权限'), plural: t('Permissions', '权限') },
  permission: { menu: PERMISSION_MENU },
  behaviour: {
    hooks: {
      access: [
        'beforeValidate: permissionBodyIn',
        'beforeWrite: checkPermissionValues',
        'beforeRemove: guardPermissionRemove',
        'afterWrite: guardPermissionWrite',
        'afterCommit: forgetAccess',
      ],
    },
    screens: {
      'entity-list':
        'access/access-screens PermissionListPage (stale marks; the delete that asks to confirm)',
    },
  },
  fields: {
    nameEn: { kind: 'text', label: t('Name (English)', '名称（英文）'), required: true, maxLength: 100 },
    nameZh: { kind: 'text', label: t('Name (Chinese)', '名称（中文）'), required: true, maxLength: 100 },
    type: {
      kind: 'enum',
      label: t('Type', '类型'),
      default: 'menu',
      options: [
        { value: 'menu', label: t('Menu', '菜单'), color: 'processing' },
        { value: 'resource', label: t('Resource', '资源'), color: 'default' },
      ],
      list: { filter: 'eq', width: 100 },
    },
    parentId: { kind: 'treeRelation', label: t('Parent', '上级'), labelField: 'url' },
    icon: {
      kind: 'text',
      label: t('Icon', '图标'),
      maxLength: 100,
      pattern: {
        source: '^[A-Z][A-Za-z0-9]*$',
        message: t('An icon name such as TeamOutlined', '图标名称，例如 TeamOutlined'),
        example: 'TeamOutlined',
      },
      list: { width: 140 },
    },
    method: {
      kind: 'text',
      label: t('Method', '请求方式'),
      default: '',
      maxLength: 6,
      pattern: {
        source: `^(${PERMISSION_METHODS.join('|')})?$`,
        message: t('GET, POST, PUT, PATCH or DELETE', 'GET、POST、PUT、PATCH 或 DELETE'),
        // a menu's (none): the generated samples are menus
        example: '',
      },
      list: { width: 90 },
    },
    url: {
      kind: 'text',
      label: t('URL', '地址'),
      required: true,
      maxLength: 500,
      pattern: {
        source: '^(/|https?://)\\S*$',
        message: t(
          'A console path, a link (http:// or https://) or an API pattern',
          '后台路径、链接（http:// 或 https://）或接口地址',
        ),
        example: '/adminManage/help',
      },
      list: { width: 260 },
    },
    sortNo: {
      kind: 'integer',
      label: t('Order', '排序'),
      default: 0,
      min: 0,
      max: 1_000_000,
      list: { sortable: true, width: 80 },
    },
    // Switched on and off by an edit (the product's PUT carries it), not by status actions.
    status: {
      kind: 'enum',
      label: t('Status', '状态'),
      default: 'enabled',
      options: [
        { value: 'enabled', label: t('Enabled', '启用'), color: 'success' },
        { value: 'disabled', label: t('Disabled', '禁用'), color: 'default' },
      ],
      list: { filter: 'in', width: 110 },
    },
    builtIn: { kind: 'boolean', label: t('Built in', '内置'), computed: true, list: { width: 80 } },
    // set at every start, when the entries are synchronised with the server's routes: a built-in resource whose
    // API route the server no longer has (it may then be deleted)
    stale: {
      kind: 'boolean',
      label: t('Route gone', '路由已不存在'),
      computed: true,
      list: { filter: 'eq', width: 110, shown: false },
    },
    edited: {
      kind: 'boolean',
      label: t('Built-in entry renamed', '内置项已修改'),
      computed: true,
      list: { shown: false },
    },
  },
  search: ['nameEn', 'nameZh', 'url'],
  defaultSort: { field: 'sortNo', order: 'asc' },
  // a permission is known by its url: names repeat (two menus called "Company audit"), a menu's url does not
  labelField: 'url',
  uniqueTogether: [['type', 'method', 'url']],
  uniqueIndexNames: { permission_type_method_url_unique: 'permission_type_method_url_key' },
  builtIn: {
    when: { field: 'builtIn', in: [true] },
    editable: ['nameEn', 'nameZh', 'icon', 'sortNo', 'status', 'edited'],
    removableWhen: { field: 'stale', in: [true] },
  },
  deleteHeld: 'confirm',
  // The product's list of the whole tree keeps its path and its `stale` filter; the generated page moves aside.
  // Permissions are deleted one at a time, each asking to confirm when roles hold it.
  routes: { paths: { list: 'page' }, omit: ['batchDelete'] },
  treeAnswer: 'flat',
});
