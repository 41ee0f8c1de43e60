import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '../config/constants';
import { defineEntity, enableStatus, t } from '../kit';

/** Account types: organiser staff and supplier logins sign in to this console; traders and buyers are the
 * marketplace's users. */
export const USER_TYPES = ['admin', 'company', 'trader', 'buyer'] as const;
export type UserType = (typeof USER_TYPES)[number];
/** The types `GET /api/user_manager/list` shows. */
export const MARKETPLACE_USER_TYPES = ['trader', 'buyer'] as const;
/** The types `GET /api/user_manager/list_admin` shows: accounts that sign in to the console. */
export const STAFF_USER_TYPES = ['admin', 'company'] as const;
/** The staff list's menu: the calls only staff accounts have (roles, sessions) are granted under it. */
const STAFF_LIST_MENU = '/adminManage/admin_list';

/**
 * /user/user_list and /adminManage/admin_list: every account, one record each. Staff accounts (organiser and
 * supplier logins) also have a console login (`loginId`), kept in step with the record by the users module;
 * their roles are assigned through `POST /api/user_manager/config/{id}`.
 */
export const userManager = defineEntity({
  name: 'user_manager',
  labels: { singular: t('User', '用户'), plural: t('Users', '用户') },
  permission: { menu: '/user/user_list' },
  // what the server modules and the console add to this definition (listed, so it is found from here)
  behaviour: {
    hooks: {
      users: [
        'beforeWrite: guardAccountChange',
        'afterWrite: guardAccountWrite',
        'beforeWrite: refuseAccountInAnyCase',
        'beforeWrite: refuseSupplierCreate',
        'afterWrite: syncStaffLogin',
        'afterWrite: withdrawActivationLinks',
      ],
    },
    screens: {
      'entity-list': 'users/user-pages UserListPage',
      'entity-form': 'users/user-pages UserFormPage',
    },
  },
  groups: {
    account: { label: t('Account', '账号') },
    profile: { label: t('Profile', '个人资料') },
    business: { label: t('Business', '业务信息') },
  },
  fields: {
    account: {
      kind: 'text',
      label: t('Account', '账号'),
      required: true,
      unique: true,
      maxLength: 50,
      readOnlyOnEdit: true,
      pattern: {
        source: '^[A-Za-z0-9_.@-]{3,50}$',
        message: t(
          'Account uses 3 to 50 letters, digits or _ . @ -',
          '账号为 3 到 50 位字母、数字或 _ . @ -',
        ),
        example: 'buyer_001',
      },
      list: { sortable: true, width: 160 },
      form: { group: 'account' },
    },
    type: {
      kind: 'enum',
      label: t('Type', '用户类型'),
      default: 'buyer',
      readOnlyOnEdit: true,
      options: [
        { value: 'admin', label: t('Organiser', '主办方'), color: 'error' },
        { value: 'company', label: t('Supplier', '供应商'), color: 'processing' },
        { value: 'trader', label: t('Trader', '贸易商'), color: 'warning' },
        { value: 'buyer', label: t('Buyer', '采购商'), color: 'success' },
      ],
      list: { filter: 'in', width: 110 },
      form: { group: 'account' },
    },
    realname: {
      kind: 'text',
      label: t('Real name', '真实姓名'),
      maxLength: 50,
      list: { width: 120 },
      form: { group: 'profile' },
    },
    password: {
      kind: 'password',
      label: t('Password', '密码'),
      // on edit the control says that leaving it empty keeps the current password
      form: { group: 'account' },
    },
    companyId: {
      kind: 'integer',
      label: t('Supplier company ID', '所属企业 ID'),
      computed: true,
      list: { shown: false },
      form: {
        group: 'account',
        help: t('A supplier login belongs to the company it was made from', '供应商登录账号属于创建它的企业'),
      },
    },
    nickname: {
      kind: 'text',
      label: t('Nickname', '昵称'),
      maxLength: 50,
      list: { width: 120 },
      form: { group: 'profile' },
    },
    firstName: {
      kind: 'text',
      label: t('First name', '名'),
      maxLength: 50,
      list: { shown: false },
      form: { group: 'profile' },
    },
    lastName: {
      kind: 'text',
      label: t('Last name', '姓'),
      maxLength: 50,
      list: { shown: false },
      form: { group: 'profile' },
    },
    gender: {
      kind: 'enum',
      label: t('Gender', '性别'),
      options: [
        { value: 'male', label: t('Male', '男') },
        { value: 'female', label: t('Female', '女') },
        { value: 'unknown', label: t('Not given', '未填写') },
      ],
      list: { shown: false },
      form: { group: 'profile' },
    },
    avatar: {
      kind: 'image',
      label: t('Avatar', '头像'),
      upload: { maxCount: 1, maxBytes: IMAGE_MAX_BYTES, types: IMAGE_TYPES, sizeHint: '120x120' },
      list: { shown: false },
      form: { group: 'profile' },
    },
    country: {
      kind: 'text',
      label: t('Country', '国家'),
      maxLength: 100,
      list: { filter: 'eq', width: 110 },
      form: { group: 'profile', widget: 'regionCountry' },
    },
    email: {
      kind: 'text',
      label: t('Email', '邮箱'),
      format: 'email',
      unique: true,
      maxLength: 100,
      list: { width: 200 },
      form: { group: 'profile' },
    },
    mobile: {
      kind: 'text',
      label: t('Mobile', '手机'),
      format: 'mobile',
      countryField: 'country',
      maxLength: 30,
      list: { width: 140 },
      form: { group: 'profile' },
    },
    phone: {
      kind: 'text',
      label: t('Telephone', '电话'),
      format: 'phone',
      maxLength: 30,
      list: { shown: false },
      form: { group: 'profile' },
    },
    weixinId: {
      kind: 'text',
      label: t('WeChat ID', '微信号'),
      maxLength: 100,
      list: { shown: false },
      form: { group: 'profile' },
    },
    openId: {
      kind: 'text',
      label: t('Open ID', '开放平台 ID'),
      maxLength: 100,
      list: { shown: false },
      form: { group: 'profile' },
    },
    company: {
      kind: 'text',
      label: t('Company name', '公司名称'),
      maxLength: 200,
      list: { width: 180 },
      form: { group: 'business' },
    },
    workTitle: {
      kind: 'text',
      label: t('Job title', '职位'),
      maxLength: 100,
      list: { shown: false },
      form: { group: 'business' },
    },
    website: {
      kind: 'text',
      label: t('Website', '网站'),
      format: 'url',
      maxLength: 300,
      list: { shown: false },
      form: { group: 'business' },
    },
    addresses: {
      kind: 'longText',
      label: t('Addresses', '地址'),
      maxLength: 1000,
      list: { shown: false },
      form: { group: 'business' },
    },
    bizTypeDirection: {
      kind: 'text',
      label: t('Business direction', '业务方向'),
      maxLength: 100,
      list: { shown: false },
      form: { group: 'business' },
    },
    bizTypeLine: {
      kind: 'text',
      label: t('Business line', '业务类型'),
      maxLength: 100,
      list: { shown: false },
      form: { group: 'business' },
    },
    requireSize: {
      kind: 'text',
      label: t('Purchase size', '采购规模'),
      maxLength: 100,
      list: { shown: false },
      form: { group: 'business' },
    },
    vipPackageId: {
      kind: 'relation',
      label: t('Membership package', '会员套餐'),
      to: 'vip_package',
      labelField: 'name',
      list: { filter: 'eq', width: 150 },
      form: { group: 'business' },
    },
    points: {
      kind: 'integer',
      label: t('Points', '积分'),
      computed: true,
      list: { sortable: true, width: 90 },
    },
    levelId: {
      kind: 'relation',
      label: t('Membership level', '会员等级'),
      to: 'user_vip_package',
      labelField: 'name',
      computed: true,
      list: { filter: 'eq', width: 130 },
    },
    lastLoginTime: {
      kind: 'datetime',
      label: t('Last sign-in', '最后登录时间'),
      computed: true,
      list: { sortable: true, width: 170 },
    },
    activatedAt: {
      kind: 'datetime',
      label: t('Activated', '激活时间'),
      computed: true,
      list: { shown: false },
    },
    loginId: {
      kind: 'integer',
      label: t('Console login', '后台登录'),
      computed: true,
      list: { shown: false },
    },
    status: enableStatus(),
  },
  search: ['account', 'realname', 'nickname', 'firstName', 'lastName', 'email', 'mobile', 'company'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  softDelete: true,
  labelField: 'account',
  listWhere: { field: 'type', in: [...MARKETPLACE_USER_TYPES] },
  // Accounts are imported in two steps: upload checks a file (the report and a handle), import writes the rows
  // kept; there is no one-step import.
  capabilities: { import: false },
  checkedImport: {
    check: { path: 'upload', label: t('Upload import file', '上传导入文件') },
    confirm: { path: 'import', label: t('Import accounts', '导入用户') },
    maxRows: 10_000,
  },
  // The account calls beyond the record routes, at the paths the product's API spells. The users pages offer
  // them with their own dialogs (a generated password, the role list, a session list), so no generic button.
  // Role assignment and sessions exist only for staff accounts: they are granted under the staff list's menu.
  commands: {
    resetPassword: {
      label: t('Reset password', '重置密码'),
      target: 'record',
      path: 'reset_password',
      permission: { name: t('Reset password', '重置密码') },
      answersResult: true,
      showResultOnce: true,
      placement: [],
    },
    sendActivationMail: {
      label: t('Send activation mail', '发送激活邮件'),
      target: 'record',
      path: 'send_active_email',
      permission: { name: t('Send activation mail', '发送激活邮件') },
      answersResult: true,
      placement: [],
    },
    assignRoles: {
      label: t('Assign roles', '分配角色'),
      target: 'record',
      path: 'config',
      permission: { menu: STAFF_LIST_MENU, name: t('Assign roles', '分配角色') },
      answersResult: true,
      placement: [],
    },
    setInterests: {
      label: t('Edit interests', '编辑兴趣分类'),
      target: 'record',
      path: 'update_user_interest',
      permission: { name: t('Edit interests', '编辑兴趣分类') },
      answersResult: true,
      placement: [],
    },
    adjustPoints: {
      label: t('Adjust points', '调整积分'),
      target: 'record',
      path: 'adjust_points',
      permission: { name: t('Adjust points', '调整积分') },
      answersResult: true,
      placement: [],
      input: {
        points: {
          kind: 'integer',
          label: t('Points (negative to take away)', '积分（负数为扣减）'),
          required: true,
          min: -1_000_000,
          max: 1_000_000,
        },
        reason: { kind: 'longText', label: t('Reason', '原因'), required: true, maxLength: 500 },
      },
    },
    revokeSession: {
      label: t('End a session', '结束会话'),
      target: 'record',
      path: 'revoke_session',
      permission: { menu: STAFF_LIST_MENU, name: t('End a session', '结束会话') },
      answersResult: true,
      placement: [],
    },
  },
});
