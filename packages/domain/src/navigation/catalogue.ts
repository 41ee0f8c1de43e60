import { t } from '../kit/bilingual';
import type { Bilingual, RouteNode } from './types';

// Every permission-driven group, its list pages and its hidden add/edit pages.
// Paths are exactly the product's; `:id` / `:userId` stand for its `{id}` / `{userId}`.

type PageOptions = { entity?: string; page?: string; icon?: string };

/** A visible list page. With an entity (or a report) it renders the generic list (or report) screen, else a
 * named page. */
function listPage(name: string, path: string, title: Bilingual, options: PageOptions = {}): RouteNode {
  return {
    name,
    path,
    title,
    icon: options.icon,
    view: options.entity
      ? { kind: 'entity-list', entity: options.entity }
      : { kind: 'page', page: options.page ?? name },
  };
}

/** A hidden form page (add or edit) that highlights its list in the menu. */
function formPage(
  name: string,
  path: string,
  title: Bilingual,
  activeMenu: string,
  options: PageOptions & { mode?: 'add' | 'edit' } = {},
): RouteNode {
  const mode = options.mode ?? (path.includes(':') ? 'edit' : 'add');
  return {
    name,
    path,
    title,
    hidden: true,
    noCache: true,
    activeMenu,
    view: options.entity
      ? { kind: 'entity-form', entity: options.entity, mode }
      : { kind: 'page', page: options.page ?? name },
  };
}

/** A hidden report screen read for a record in its path (a user's drill-down): titled by the report's plural,
 * it highlights the user behaviour list in the menu. Its title is the report's plural. */
function drillPage(name: string, path: string, title: Bilingual, report: string): RouteNode {
  return {
    name,
    path,
    title,
    hidden: true,
    noCache: true,
    activeMenu: '/conduct_statistical/user_conduct_statistical_list',
    view: { kind: 'entity-list', entity: report },
  };
}

/** What `entityPages` derives an entity's pages from. */
type EntityPages = {
  entity: string;
  /** Stem of the route names (`Banner` → BannerList, BannerAdd, BannerEdit); default: the entity's name in
   * PascalCase. */
  name?: string;
  /** The menu's words for one record, and for the list page when it is titled by them ("Banner positions")
   * rather than "<one> list" ("Banner list"). */
  labels: { singular: Bilingual; plural?: Bilingual };
  /** The spec's paths, verbatim, relative to the group; an entity without an add (or edit) page has none. */
  list: string;
  add?: string;
  edit?: string;
};

const pascalCase = (name: string): string =>
  name.replace(/(^|_)([a-z0-9])/g, (_, __: string, c: string) => c.toUpperCase());
const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * An entity's list page, then its hidden add and edit pages in the order their paths are written (the order of
 * their menu permissions), named and titled from the entity's labels: "Banner list" / "横幅列表" (or the
 * plural), "Add banner" / "新增横幅", "Edit banner" / "编辑横幅". The forms highlight the list in the menu.
 * `group` is the group's path, which the list's full path starts with.
 */
function entityPages(group: string, spec: EntityPages): RouteNode[] {
  const stem = spec.name ?? pascalCase(spec.entity);
  const { singular, plural } = spec.labels;
  const options = { entity: spec.entity };
  const listMenu = `${group}/${spec.list}`;
  const one = lowerFirst(singular.en);
  const title = { add: t(`Add ${one}`, `新增${singular.zh}`), edit: t(`Edit ${one}`, `编辑${singular.zh}`) };
  const forms = (Object.keys(spec) as (keyof EntityPages)[]).flatMap((key) => {
    if (key !== 'add' && key !== 'edit') return [];
    const path = spec[key];
    return path
      ? [formPage(`${stem}${key === 'add' ? 'Add' : 'Edit'}`, path, title[key], listMenu, options)]
      : [];
  });
  const list = listPage(
    `${stem}List`,
    spec.list,
    plural ?? t(`${singular.en} list`, `${singular.zh}列表`),
    options,
  );
  return [list, ...forms];
}

function group(name: string, path: string, title: Bilingual, icon: string, children: RouteNode[]): RouteNode {
  const firstVisible = children.find((c) => !c.hidden);
  return {
    name,
    path,
    title,
    icon,
    redirect: firstVisible ? `${path}/${firstVisible.path}` : undefined,
    children,
  };
}

/** Where `/` leads once signed in. */
export const HOME_PATH = '/dashboard';
/** Whether a path is the dashboard's page: its own, or `/`, which leads to it. */
export const isHomePath = (pathname: string) => pathname === '/' || pathname === HOME_PATH;

export const dashboardRoute: RouteNode = {
  name: 'Dashboard',
  path: HOME_PATH,
  title: t('Dashboard', '首页'),
  icon: 'DashboardOutlined',
  affix: true,
  view: { kind: 'page', page: 'Dashboard' },
};

export const permissionGroups: RouteNode[] = [
  group('Banner', '/banner', t('Banner', '横幅管理'), 'PictureOutlined', [
    ...entityPages('/banner', {
      entity: 'banner',
      labels: { singular: t('Banner', '横幅') },
      list: 'banner_list',
      add: 'banner_add',
      edit: 'banner_edit/:id',
    }),
    ...entityPages('/banner', {
      entity: 'banner_position',
      labels: { singular: t('Banner position', '横幅位置'), plural: t('Banner positions', '横幅位置') },
      list: 'banner_position_list',
      edit: 'banner_position_edit/:id',
      add: 'banner_position_add',
    }),
  ]),
  group('UserVipPackage', '/user_vip_package', t('Membership', '会员管理'), 'CrownOutlined', [
    ...entityPages('/user_vip_package', {
      entity: 'user_vip_package',
      labels: { singular: t('Membership level', '会员等级'), plural: t('Membership levels', '会员等级') },
      list: 'user_vip_package_list',
      add: 'user_vip_package_add',
      edit: 'user_vip_package_edit/:id',
    }),
    listPage('UserPointRuleList', 'user_point_rule_list', t('Point rules', '积分规则'), {
      entity: 'user_point_rule',
    }),
    formPage(
      'UserPointRuleEditAll',
      'user_point_rule_editAll',
      t('Edit all point rules', '编辑全部积分规则'),
      '/user_vip_package/user_point_rule_list',
      { page: 'UserPointRuleEditAll' },
    ),
    formPage(
      'UserPointRuleEdit',
      'user_point_rule_edit/:id',
      t('Edit point rule', '编辑积分规则'),
      '/user_vip_package/user_point_rule_list',
      { entity: 'user_point_rule' },
    ),
  ]),
  group('Company', '/company', t('Company', '企业管理'), 'ShopOutlined', [
    ...entityPages('/company', {
      entity: 'company',
      labels: { singular: t('Company', '企业') },
      list: 'company_list',
      add: 'supplier/company_add',
      edit: 'supplier/company_edit/:id',
    }),
    listPage('SupplierOverview', 'supplier_overview', t('Supplier overview', '供应商概览'), {
      entity: 'supplier_overview',
    }),
    ...entityPages('/company', {
      entity: 'company_category',
      labels: { singular: t('Company category', '企业分类'), plural: t('Company categories', '企业分类') },
      list: 'company_category_list',
      add: 'company_category/company_category_add',
      edit: 'company_category/company_category_edit/:id',
    }),
    ...entityPages('/company', {
      entity: 'company_tag',
      labels: { singular: t('Company tag', '企业标签'), plural: t('Company tags', '企业标签') },
      list: 'company_tag_list',
      add: 'company_tag/company_tag_add',
      edit: 'company_tag/company_tag_edit/:id',
    }),
    ...entityPages('/company', {
      entity: 'vip_package',
      labels: {
        singular: t('Membership package', '会员套餐'),
        plural: t('Membership packages', '企业会员套餐'),
      },
      list: 'vip_package_list',
      add: 'vip_package/vip_package_add',
      edit: 'vip_package/vip_package_edit/:id',
    }),
  ]),
  group('CompanyAudit', '/companyAudit', t('Company audit', '企业审核'), 'AuditOutlined', [
    listPage('CompanyAuditList', 'companyAudit_list', t('Company audit', '企业审核'), {
      entity: 'company_audit',
    }),
    formPage(
      'CompanyAuditEdit',
      'companyAudit_edit/:id',
      t('Audit company', '审核企业'),
      '/companyAudit/companyAudit_list',
      { page: 'CompanyAuditEdit' },
    ),
  ]),
  group('Consult', '/consult', t('Consults', '咨询管理'), 'MessageOutlined', [
    listPage('ConsultList', 'consult_list', t('Consult list', '咨询列表'), { entity: 'consult' }),
    formPage('ConsultEdit', 'consult_edit/:id', t('Consult details', '咨询详情'), '/consult/consult_list', {
      entity: 'consult',
    }),
  ]),
  group('ProductManage', '/productManage', t('Products', '产品管理'), 'AppstoreOutlined', [
    ...entityPages('/productManage', {
      entity: 'product',
      labels: { singular: t('Product', '产品') },
      list: 'product_list',
      add: 'product/product_add',
      edit: 'product/product_edit/:id',
    }),
    ...entityPages('/productManage', {
      entity: 'product_category',
      labels: { singular: t('Product category', '产品分类'), plural: t('Product categories', '产品分类') },
      list: 'product_category_list',
      add: 'product_category/product_category_add',
      edit: 'product_category/product_category_edit/:id',
    }),
    ...entityPages('/productManage', {
      entity: 'product_tag',
      labels: { singular: t('Product tag', '产品标签'), plural: t('Product tags', '产品标签') },
      list: 'product_tag_list',
      add: 'product_tag/product_tag_add',
      edit: 'product_tag/product_tag_edit/:id',
    }),
  ]),
  group('SiteMessage', '/site_message', t('Site messages', '站内信'), 'MailOutlined', [
    ...entityPages('/site_message', {
      entity: 'site_message',
      labels: { singular: t('Site message', '站内信') },
      list: 'site_message_list',
      add: 'site_message_add',
      edit: 'site_message_edit/:id',
    }),
    ...entityPages('/site_message', {
      entity: 'inform_message',
      labels: { singular: t('Notification', '通知消息'), plural: t('Notifications', '通知消息') },
      list: 'inform_message_list',
      add: 'inform_message_add',
      edit: 'inform_message_edit/:id',
    }),
  ]),
  group(
    'PlatformAnnouncement',
    '/platformAnnouncement',
    t('Announcements', '平台公告'),
    'NotificationOutlined',
    [
      ...entityPages('/platformAnnouncement', {
        entity: 'announcement',
        labels: { singular: t('Announcement', '公告') },
        list: 'announcement_list',
        edit: 'announcement/announcement_edit/:id',
      }),
      ...entityPages('/platformAnnouncement', {
        entity: 'notice',
        labels: { singular: t('Notice', '通知') },
        list: 'announcement/notice_list',
        edit: 'announcement/notice_edit/:id',
      }),
    ],
  ),
  group('User', '/user', t('Users', '用户管理'), 'TeamOutlined', [
    ...entityPages('/user', {
      entity: 'user_manager',
      name: 'User',
      labels: { singular: t('User', '用户') },
      list: 'user_list',
      add: 'user_add',
      edit: 'user_edit/:id',
    }),
  ]),
  group('EventInformation', '/event_Information', t('Event information', '活动资讯'), 'CalendarOutlined', [
    ...entityPages('/event_Information', {
      entity: 'event_information',
      labels: { singular: t('Event information', '活动资讯') },
      list: 'event_Information_list',
      add: 'event_Information_add',
      edit: 'event_Information_edit/:id',
    }),
  ]),
  group('SearchManage', '/searchManage', t('Search', '搜索管理'), 'SearchOutlined', [
    listPage('SearchHistoryList', 'search_history_list', t('Search history', '搜索历史'), {
      entity: 'search_history',
    }),
    ...entityPages('/searchManage', {
      entity: 'search_top',
      labels: { singular: t('Hot word', '热门搜索'), plural: t('Hot words', '热门搜索') },
      list: 'search_top_list',
      add: 'search_top/search_top_add',
      edit: 'search_top/search_top_edit/:id',
    }),
    ...entityPages('/searchManage', {
      entity: 'recommend_search',
      labels: {
        singular: t('Recommended search', '推荐搜索'),
        plural: t('Recommended searches', '推荐搜索'),
      },
      list: 'recommend_search_list',
      add: 'recommend_search/recommend_search_add',
      edit: 'recommend_search/recommend_search_edit/:id',
    }),
    formPage(
      'RecommendAdvertisingAdd',
      'recommend_search/recommend_advertising_add/:id',
      t('Add advertising object', '添加推荐广告'),
      '/searchManage/recommend_search_list',
      { page: 'RecommendAdvertisingAdd' },
    ),
  ]),
  group(
    'ConductStatistical',
    '/conduct_statistical',
    t('Behaviour statistics', '行为统计'),
    'BarChartOutlined',
    [
      listPage('PageViewList', 'page_view_list', t('Supplier statistics', '供应商统计'), {
        entity: 'page_view',
      }),
      listPage(
        'UserConductStatisticalList',
        'user_conduct_statistical_list',
        t('User behaviour', '用户行为统计'),
        { entity: 'user_conduct' },
      ),
      listPage(
        'CUserConductStatisticalList',
        'c_user_conduct_statistical_list',
        t('Company user behaviour', '企业用户行为统计'),
        { entity: 'c_user_conduct' },
      ),
      listPage(
        'PUserConductStatisticalList',
        'p_user_conduct_statistical_list',
        t('Personal user behaviour', '个人用户行为统计'),
        { entity: 'p_user_conduct' },
      ),
      drillPage(
        'CollectCompanyList',
        'collect_company_list/:userId',
        t('Collected companies', '收藏的企业'),
        'collect_company',
      ),
      drillPage(
        'CompanyByStatList',
        'company_by_stat_list/:userId',
        t('Company visits', '企业访问记录'),
        'company_by_stat',
      ),
      drillPage(
        'CollectProductList',
        'collect_product_list/:userId',
        t('Collected products', '收藏的产品'),
        'collect_product',
      ),
      drillPage(
        'ProductByStatList',
        'product_by_stat_list/:userId',
        t('Product visits', '产品访问记录'),
        'product_by_stat',
      ),
    ],
  ),
  group('ConfigManage', '/configManage', t('Configuration', '配置管理'), 'SettingOutlined', [
    listPage('ConfigManageIndex', 'config_manage', t('Site configuration', '站点配置'), {
      page: 'ConfigManage',
    }),
  ]),
  group(
    'CustomerService',
    '/customer_service',
    t('Customer service', '客服管理'),
    'CustomerServiceOutlined',
    [
      formPage(
        'CustomerServiceEdit',
        'customer_service_edit/:id',
        t('Customer-service contacts', '客服联系人'),
        '/company/company_list',
        { page: 'CustomerServiceEdit' },
      ),
    ],
  ),
  group(
    'BuyRequirement',
    '/buy_requirement',
    t('Purchase requirements', '采购需求'),
    'ShoppingCartOutlined',
    [
      listPage('BuyRequirementList', 'buy_requirement_list', t('Purchase requirement list', '采购需求列表'), {
        entity: 'buy_requirement',
      }),
      formPage(
        'BuyRequirementEdit',
        'buy_requirement_edit/:id',
        t('Purchase requirement details', '采购需求详情'),
        '/buy_requirement/buy_requirement_list',
        { entity: 'buy_requirement' },
      ),
      // the supplier accounts' screen: authorised, effective requirements with the buyer's contact masked
      // until their company reveals it (staff see every contact there too)
      listPage('BuyRequirementMarket', 'buy_requirement_market', t('Purchase leads', '采购商机')),
    ],
  ),
  group('SiteChatMessage', '/site_chat_message', t('Chat messages', '站内聊天'), 'CommentOutlined', [
    listPage('SiteChatMessageList', 'site_chat_message_list', t('Chat message list', '聊天消息列表'), {
      entity: 'site_chat_conversation',
    }),
    formPage(
      'SiteChatMessageEdit',
      'site_chat_message_edit/:id',
      t('Chat message details', '聊天消息详情'),
      '/site_chat_message/site_chat_message_list',
      { page: 'SiteChatMessageEdit' },
    ),
  ]),
  group('PopularActivities', '/popular_activities', t('Popular activities', '热门活动'), 'FireOutlined', [
    ...entityPages('/popular_activities', {
      entity: 'popular_activity',
      name: 'PopularActivities',
      labels: { singular: t('Popular activity', '热门活动') },
      list: 'popular_activities_list',
      add: 'popular_activities_add',
      edit: 'popular_activities_edit/:id',
    }),
    formPage(
      'NewProductEdit',
      'new_product_edit/:id',
      t('Edit sub-activity', '编辑子活动'),
      '/popular_activities/popular_activities_list',
      { page: 'NewProductEdit' },
    ),
    formPage(
      'NewProductAdd',
      'new_product_add',
      t('Add sub-activity', '新增子活动'),
      '/popular_activities/popular_activities_list',
      { page: 'NewProductAdd' },
    ),
    formPage(
      'PopularAdvertisingAdd',
      'popular_advertising_add/:id',
      t('Add advertising', '添加推广'),
      '/popular_activities/popular_activities_list',
      { page: 'PopularAdvertisingAdd' },
    ),
  ]),
  group('AdminManage', '/adminManage', t('Administrators', '管理员管理'), 'SafetyCertificateOutlined', [
    listPage('AdminList', 'admin_list', t('Admin accounts', '管理员列表'), { page: 'AdminList' }),
    formPage(
      'AdminEdit',
      'admin/admin_edit/:id',
      t('Edit admin account', '编辑管理员'),
      '/adminManage/admin_list',
      {
        page: 'AdminEdit',
      },
    ),
    listPage('RoleList', 'role_list', t('Roles', '角色管理'), { entity: 'role' }),
    // `role_edit/new` adds a role: the role's form screen (pages/access) takes `new` for the add form
    formPage('RoleEdit', 'role/role_edit/:id', t('Edit role', '编辑角色'), '/adminManage/role_list', {
      entity: 'role',
    }),
    listPage('PermissionList', 'permission_list', t('Permissions', '权限管理'), { entity: 'permission' }),
  ]),
  group('SystemManage', '/systemManage', t('System', '系统管理'), 'ToolOutlined', [
    formPage(
      'PermissionAdd',
      'permission_add',
      t('Add permission', '新增权限'),
      '/adminManage/permission_list',
      { entity: 'permission' },
    ),
    formPage(
      'PermissionEdit',
      'permission_edit/:id',
      t('Edit permission', '编辑权限'),
      '/adminManage/permission_list',
      { entity: 'permission' },
    ),
    listPage('DictGroupList', 'dict_group_list', t('Dictionaries', '数据字典'), { entity: 'dict_group' }),
    formPage(
      'DictGroupAdd',
      'dict_group/dict_group_add',
      t('Add dictionary', '新增数据字典'),
      '/systemManage/dict_group_list',
      { entity: 'dict_group' },
    ),
    formPage(
      'DictGroupEdit',
      'dict_group/dict_group_edit/:id',
      t('Edit dictionary', '编辑数据字典'),
      '/systemManage/dict_group_list',
      { entity: 'dict_group' },
    ),
    // A dictionary's items are managed inside their dictionary's screens; the list of all items is hidden.
    {
      ...listPage('DictItemList', 'dict_item_list', t('Dictionary items', '字典项'), { entity: 'dict_item' }),
      hidden: true,
      activeMenu: '/systemManage/dict_group_list',
    },
    formPage(
      'DictItemAdd',
      'dict_item/dict_item_add',
      t('Add dictionary item', '新增字典项'),
      '/systemManage/dict_group_list',
      { entity: 'dict_item' },
    ),
    formPage(
      'DictItemEdit',
      'dict_item/dict_item_edit/:id',
      t('Edit dictionary item', '编辑字典项'),
      '/systemManage/dict_group_list',
      { entity: 'dict_item' },
    ),
    listPage('DynamicFormConfigList', 'dynamic_form_config_list', t('Dynamic forms', '动态表单'), {
      entity: 'dynamic_form_config',
    }),
    formPage(
      'DynamicFormConfigAdd',
      'dynamic_form_config/dynamic_form_config_add',
      t('Add dynamic form', '新增动态表单'),
      '/systemManage/dynamic_form_config_list',
      { entity: 'dynamic_form_config' },
    ),
    formPage(
      'DynamicFormConfigEdit',
      'dynamic_form_config/dynamic_form_config_edit/:id',
      t('Edit dynamic form', '编辑动态表单'),
      '/systemManage/dynamic_form_config_list',
      { entity: 'dynamic_form_config' },
    ),
    listPage('ApiKeyList', 'api_key_list', t('API keys', 'API 密钥'), { entity: 'api_key' }),
    formPage(
      'ApiKeyAdd',
      'api_key/api_key_add',
      t('Add API key', '新增 API 密钥'),
      '/systemManage/api_key_list',
      { entity: 'api_key' },
    ),
    formPage(
      'ApiKeyEdit',
      'api_key/api_key_edit/:id',
      t('Edit API key', '编辑 API 密钥'),
      '/systemManage/api_key_list',
      { entity: 'api_key' },
    ),
    listPage('SystemLogList', 'system_log_list', t('System logs', '系统日志'), { entity: 'system_log' }),
    listPage('SmsLogList', 'sms_log_list', t('SMS logs', '短信日志'), { entity: 'sms_log' }),
    listPage('OssLogList', 'oss_log_list', t('Object-storage logs', '对象存储日志'), { entity: 'oss_log' }),
    listPage('LoginSecurity', 'login_security', t('Login security', '登录安全'), { page: 'LoginSecurity' }),
    listPage('EmailLogList', 'email_log_list', t('Email log', '邮件日志'), { entity: 'email_log' }),
  ]),
];

/** Hidden pages inside the layout that every signed-in user may open. */
export const commonHiddenRoutes: RouteNode[] = [
  {
    name: 'Profile',
    path: '/profile',
    title: t('Profile', '个人中心'),
    hidden: true,
    children: [
      {
        name: 'ProfileIndex',
        path: 'index',
        title: t('Profile', '个人中心'),
        hidden: true,
        view: { kind: 'page', page: 'Profile' },
      },
      {
        name: 'ChangePassword',
        path: 'Changepwd',
        title: t('Change password', '修改密码'),
        hidden: true,
        noCache: true,
        view: { kind: 'page', page: 'ChangePassword' },
      },
    ],
  },
  {
    name: 'Icon',
    path: '/icon',
    title: t('Icons', '图标'),
    hidden: true,
    children: [
      {
        name: 'IconIndex',
        path: 'index',
        title: t('Icons', '图标'),
        hidden: true,
        view: { kind: 'page', page: 'Icons' },
      },
    ],
  },
];

/** Routes outside the layout, reachable without a menu permission. */
export const publicPaths = ['/login', '/auth-redirect', '/activate', '/404', '/401'] as const;
