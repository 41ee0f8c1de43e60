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

export const dashboardRoute: RouteNode = {
  name: 'Dashboard',
  path: '/dashboard',
  title: t('Dashboard', '首页'),
  icon: 'DashboardOutlined',
  affix: true,
  view: { kind: 'page', page: 'Dashboard' },
};

export const permissionGroups: RouteNode[] = [
  group('Banner', '/banner', t('Banner', '横幅管理'), 'PictureOutlined', [
    listPage('BannerList', 'banner_list', t('Banner list', '横幅列表'), { entity: 'banner' }),
    formPage('BannerAdd', 'banner_add', t('Add banner', '新增横幅'), '/banner/banner_list', {
      entity: 'banner',
    }),
    formPage('BannerEdit', 'banner_edit/:id', t('Edit banner', '编辑横幅'), '/banner/banner_list', {
      entity: 'banner',
    }),
    listPage('BannerPositionList', 'banner_position_list', t('Banner positions', '横幅位置'), {
      entity: 'banner_position',
    }),
    formPage(
      'BannerPositionEdit',
      'banner_position_edit/:id',
      t('Edit banner position', '编辑横幅位置'),
      '/banner/banner_position_list',
      { entity: 'banner_position' },
    ),
    formPage(
      'BannerPositionAdd',
      'banner_position_add',
      t('Add banner position', '新增横幅位置'),
      '/banner/banner_position_list',
      { entity: 'banner_position' },
    ),
  ]),
  group('UserVipPackage', '/user_vip_package', t('Membership', '会员管理'), 'CrownOutlined', [
    listPage('UserVipPackageList', 'user_vip_package_list', t('Membership levels', '会员等级'), {
      entity: 'user_vip_package',
    }),
    formPage(
      'UserVipPackageAdd',
      'user_vip_package_add',
      t('Add membership level', '新增会员等级'),
      '/user_vip_package/user_vip_package_list',
      { entity: 'user_vip_package' },
    ),
    formPage(
      'UserVipPackageEdit',
      'user_vip_package_edit/:id',
      t('Edit membership level', '编辑会员等级'),
      '/user_vip_package/user_vip_package_list',
      { entity: 'user_vip_package' },
    ),
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
    listPage('CompanyList', 'company_list', t('Company list', '企业列表'), { entity: 'company' }),
    formPage('CompanyAdd', 'supplier/company_add', t('Add company', '新增企业'), '/company/company_list', {
      entity: 'company',
    }),
    formPage(
      'CompanyEdit',
      'supplier/company_edit/:id',
      t('Edit company', '编辑企业'),
      '/company/company_list',
      {
        entity: 'company',
      },
    ),
    listPage('SupplierOverview', 'supplier_overview', t('Supplier overview', '供应商概览'), {
      entity: 'supplier_overview',
    }),
    listPage('CompanyCategoryList', 'company_category_list', t('Company categories', '企业分类'), {
      entity: 'company_category',
    }),
    formPage(
      'CompanyCategoryAdd',
      'company_category/company_category_add',
      t('Add company category', '新增企业分类'),
      '/company/company_category_list',
      { entity: 'company_category' },
    ),
    formPage(
      'CompanyCategoryEdit',
      'company_category/company_category_edit/:id',
      t('Edit company category', '编辑企业分类'),
      '/company/company_category_list',
      { entity: 'company_category' },
    ),
    listPage('CompanyTagList', 'company_tag_list', t('Company tags', '企业标签'), { entity: 'company_tag' }),
    formPage(
      'CompanyTagAdd',
      'company_tag/company_tag_add',
      t('Add company tag', '新增企业标签'),
      '/company/company_tag_list',
      { entity: 'company_tag' },
    ),
    formPage(
      'CompanyTagEdit',
      'company_tag/company_tag_edit/:id',
      t('Edit company tag', '编辑企业标签'),
      '/company/company_tag_list',
      { entity: 'company_tag' },
    ),
    listPage('VipPackageList', 'vip_package_list', t('Membership packages', '企业会员套餐'), {
      entity: 'vip_package',
    }),
    formPage(
      'VipPackageAdd',
      'vip_package/vip_package_add',
      t('Add membership package', '新增会员套餐'),
      '/company/vip_package_list',
      { entity: 'vip_package' },
    ),
    formPage(
      'VipPackageEdit',
      'vip_package/vip_package_edit/:id',
      t('Edit membership package', '编辑会员套餐'),
      '/company/vip_package_list',
      { entity: 'vip_package' },
    ),
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
    listPage('ProductList', 'product_list', t('Product list', '产品列表'), { entity: 'product' }),
    formPage(
      'ProductAdd',
      'product/product_add',
      t('Add product', '新增产品'),
      '/productManage/product_list',
      {
        entity: 'product',
      },
    ),
    formPage(
      'ProductEdit',
      'product/product_edit/:id',
      t('Edit product', '编辑产品'),
      '/productManage/product_list',
      { entity: 'product' },
    ),
    listPage('ProductCategoryList', 'product_category_list', t('Product categories', '产品分类'), {
      entity: 'product_category',
    }),
    formPage(
      'ProductCategoryAdd',
      'product_category/product_category_add',
      t('Add product category', '新增产品分类'),
      '/productManage/product_category_list',
      { entity: 'product_category' },
    ),
    formPage(
      'ProductCategoryEdit',
      'product_category/product_category_edit/:id',
      t('Edit product category', '编辑产品分类'),
      '/productManage/product_category_list',
      { entity: 'product_category' },
    ),
    listPage('ProductTagList', 'product_tag_list', t('Product tags', '产品标签'), { entity: 'product_tag' }),
    formPage(
      'ProductTagAdd',
      'product_tag/product_tag_add',
      t('Add product tag', '新增产品标签'),
      '/productManage/product_tag_list',
      { entity: 'product_tag' },
    ),
    formPage(
      'ProductTagEdit',
      'product_tag/product_tag_edit/:id',
      t('Edit product tag', '编辑产品标签'),
      '/productManage/product_tag_list',
      { entity: 'product_tag' },
    ),
  ]),
  group('SiteMessage', '/site_message', t('Site messages', '站内信'), 'MailOutlined', [
    listPage('SiteMessageList', 'site_message_list', t('Site message list', '站内信列表'), {
      entity: 'site_message',
    }),
    formPage(
      'SiteMessageAdd',
      'site_message_add',
      t('Add site message', '新增站内信'),
      '/site_message/site_message_list',
      { entity: 'site_message' },
    ),
    formPage(
      'SiteMessageEdit',
      'site_message_edit/:id',
      t('Edit site message', '编辑站内信'),
      '/site_message/site_message_list',
      { entity: 'site_message' },
    ),
    listPage('InformMessageList', 'inform_message_list', t('Notifications', '通知消息'), {
      entity: 'inform_message',
    }),
    formPage(
      'InformMessageAdd',
      'inform_message_add',
      t('Add notification', '新增通知消息'),
      '/site_message/inform_message_list',
      { entity: 'inform_message' },
    ),
    formPage(
      'InformMessageEdit',
      'inform_message_edit/:id',
      t('Edit notification', '编辑通知消息'),
      '/site_message/inform_message_list',
      { entity: 'inform_message' },
    ),
  ]),
  group(
    'PlatformAnnouncement',
    '/platformAnnouncement',
    t('Announcements', '平台公告'),
    'NotificationOutlined',
    [
      listPage('AnnouncementList', 'announcement_list', t('Announcement list', '公告列表'), {
        entity: 'announcement',
      }),
      formPage(
        'AnnouncementEdit',
        'announcement/announcement_edit/:id',
        t('Edit announcement', '编辑公告'),
        '/platformAnnouncement/announcement_list',
        { entity: 'announcement' },
      ),
      listPage('NoticeList', 'announcement/notice_list', t('Notice list', '通知列表'), { entity: 'notice' }),
      formPage(
        'NoticeEdit',
        'announcement/notice_edit/:id',
        t('Edit notice', '编辑通知'),
        '/platformAnnouncement/announcement/notice_list',
        { entity: 'notice' },
      ),
    ],
  ),
  group('User', '/user', t('Users', '用户管理'), 'TeamOutlined', [
    listPage('UserList', 'user_list', t('User list', '用户列表'), { entity: 'user_manager' }),
    formPage('UserAdd', 'user_add', t('Add user', '新增用户'), '/user/user_list', { entity: 'user_manager' }),
    formPage('UserEdit', 'user_edit/:id', t('Edit user', '编辑用户'), '/user/user_list', {
      entity: 'user_manager',
    }),
  ]),
  group('EventInformation', '/event_Information', t('Event information', '活动资讯'), 'CalendarOutlined', [
    listPage('EventInformationList', 'event_Information_list', t('Event information list', '活动资讯列表'), {
      entity: 'event_information',
    }),
    formPage(
      'EventInformationEdit',
      'event_Information_edit/:id',
      t('Edit event information', '编辑活动资讯'),
      '/event_Information/event_Information_list',
      { entity: 'event_information' },
    ),
  ]),
  group('SearchManage', '/searchManage', t('Search', '搜索管理'), 'SearchOutlined', [
    listPage('SearchHistoryList', 'search_history_list', t('Search history', '搜索历史'), {
      entity: 'search_history',
    }),
    listPage('SearchTopList', 'search_top_list', t('Hot words', '热门搜索'), { entity: 'search_top' }),
    formPage(
      'SearchTopAdd',
      'search_top/search_top_add',
      t('Add hot word', '新增热门搜索'),
      '/searchManage/search_top_list',
      { entity: 'search_top' },
    ),
    formPage(
      'SearchTopEdit',
      'search_top/search_top_edit/:id',
      t('Edit hot word', '编辑热门搜索'),
      '/searchManage/search_top_list',
      { entity: 'search_top' },
    ),
    listPage('RecommendSearchList', 'recommend_search_list', t('Recommended searches', '推荐搜索'), {
      entity: 'recommend_search',
    }),
    formPage(
      'RecommendSearchAdd',
      'recommend_search/recommend_search_add',
      t('Add recommended search', '新增推荐搜索'),
      '/searchManage/recommend_search_list',
      { entity: 'recommend_search' },
    ),
    formPage(
      'RecommendSearchEdit',
      'recommend_search/recommend_search_edit/:id',
      t('Edit recommended search', '编辑推荐搜索'),
      '/searchManage/recommend_search_list',
      { entity: 'recommend_search' },
    ),
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
        page: 'PageViewList',
      }),
      listPage(
        'UserConductStatisticalList',
        'user_conduct_statistical_list',
        t('User behaviour', '用户行为统计'),
        {
          page: 'UserConductStatisticalList',
        },
      ),
      listPage(
        'CUserConductStatisticalList',
        'c_user_conduct_statistical_list',
        t('Company user behaviour', '企业用户行为统计'),
        { page: 'CUserConductStatisticalList' },
      ),
      listPage(
        'PUserConductStatisticalList',
        'p_user_conduct_statistical_list',
        t('Personal user behaviour', '个人用户行为统计'),
        { page: 'PUserConductStatisticalList' },
      ),
      formPage(
        'CollectCompanyList',
        'collect_company_list/:userId',
        t('Collected companies', '收藏的企业'),
        '/conduct_statistical/user_conduct_statistical_list',
        { page: 'CollectCompanyList' },
      ),
      formPage(
        'CompanyByStatList',
        'company_by_stat_list/:userId',
        t('Company visits', '企业访问记录'),
        '/conduct_statistical/user_conduct_statistical_list',
        { page: 'CompanyByStatList' },
      ),
      formPage(
        'CollectProductList',
        'collect_product_list/:userId',
        t('Collected products', '收藏的产品'),
        '/conduct_statistical/user_conduct_statistical_list',
        { page: 'CollectProductList' },
      ),
      formPage(
        'ProductByStatList',
        'product_by_stat_list/:userId',
        t('Product visits', '产品访问记录'),
        '/conduct_statistical/user_conduct_statistical_list',
        { page: 'ProductByStatList' },
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
    ],
  ),
  group('SiteChatMessage', '/site_chat_message', t('Chat messages', '站内聊天'), 'CommentOutlined', [
    listPage('SiteChatMessageList', 'site_chat_message_list', t('Chat message list', '聊天消息列表'), {
      entity: 'site_chat_message',
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
    listPage('PopularActivitiesList', 'popular_activities_list', t('Popular activity list', '热门活动列表'), {
      entity: 'popular_activity',
    }),
    formPage(
      'PopularActivitiesAdd',
      'popular_activities_add',
      t('Add popular activity', '新增热门活动'),
      '/popular_activities/popular_activities_list',
      { entity: 'popular_activity' },
    ),
    formPage(
      'PopularActivitiesEdit',
      'popular_activities_edit/:id',
      t('Edit popular activity', '编辑热门活动'),
      '/popular_activities/popular_activities_list',
      { entity: 'popular_activity' },
    ),
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
    listPage('RoleList', 'role_list', t('Roles', '角色管理'), { page: 'RoleList' }),
    formPage('RoleEdit', 'role/role_edit/:id', t('Edit role', '编辑角色'), '/adminManage/role_list', {
      page: 'RoleEdit',
    }),
    listPage('PermissionList', 'permission_list', t('Permissions', '权限管理'), { page: 'PermissionList' }),
  ]),
  group('SystemManage', '/systemManage', t('System', '系统管理'), 'ToolOutlined', [
    formPage(
      'PermissionAdd',
      'permission_add',
      t('Add permission', '新增权限'),
      '/adminManage/permission_list',
      {
        page: 'PermissionAdd',
      },
    ),
    formPage(
      'PermissionEdit',
      'permission_edit/:id',
      t('Edit permission', '编辑权限'),
      '/adminManage/permission_list',
      { page: 'PermissionEdit' },
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
