import { COMPANY_TAGS_MAX } from '../config/constants';
import { auditFields, counter, defineEntity, enableStatus, inGroup, media, sortNo, t } from '../kit';
import type { FieldDef } from '../kit/types';
import { packageGrants } from './vip-package';

/** Where a company's audit is kept; its decisions are taken on the `company_audit` view, which records them
 * in the same fields. */
export const companyAuditFieldNames = {
  status: 'auditStatus',
  remark: 'auditReason',
  by: 'auditedBy',
  at: 'auditedAt',
} as const;

/** The package's limits and flags, on the company: empty means "as the package says". */
const grants = Object.fromEntries(
  Object.entries(packageGrants).map(([name, { list: _, ...field }]) => [
    name,
    {
      ...field,
      default: undefined,
      inherit: { via: 'vipPackageId' },
      organiserOnly: true,
      form: { help: t('Empty: as the package says', '不填则按套餐') },
    },
  ]),
) as { [K in keyof typeof packageGrants]: FieldDef };

/**
 * /company (company_list, supplier/company_add, supplier/company_edit/{id}): a company, its rules and its
 * limits. A supplier account (a login of type company, created from `account` + `password`) sees and
 * edits only its own company. The audit decisions are taken on the `company_audit` view.
 */
export const company = defineEntity({
  name: 'company',
  labels: { singular: t('Company', '企业'), plural: t('Companies', '企业') },
  permission: { menu: '/company/company_list' },
  // what the server modules and the console add to this definition (listed, so it is found from here)
  behaviour: {
    hooks: {
      // checkLocation: the country and the Chinese province or city; syncSupplierLogin: the supplier login kept
      // in step with the company (its account and password)
      companies: ['beforeWrite: checkLocation', 'afterWrite: syncSupplierLogin'],
      // the company name kept on its products, for the products' keyword search
      products: ['afterWrite: syncCompanyName'],
      // a new supplier login gets its staff record; a purged company's records go
      users: ['afterWrite: syncCompanyStaff'],
    },
    screens: {
      'entity-list': 'suppliers/company-lists CompanyListPage (row action: customer-service contacts)',
    },
  },
  groups: {
    basic: { label: t('Company', '企业信息') },
    contact: { label: t('Contact and login', '联系方式与登录') },
    location: { label: t('Location', '所在地') },
    media: { label: t('Images and video', '图片与视频') },
    profile: { label: t('Profile', '企业档案') },
    membership: { label: t('Membership and limits', '会员与限额') },
    audit: { label: t('Audit and statistics', '审核与统计') },
  },
  defaultColumns: [
    'name',
    'logo',
    'categoryIds',
    'tags',
    'status',
    'account',
    'countryCode',
    'vipPackageId',
    'auditStatus',
    'isPublic',
    'completeInfoStatus',
  ],
  fields: {
    ...inGroup('basic', {
      name: {
        kind: 'text',
        label: t('Company name', '企业名称'),
        required: true,
        maxLength: 200,
        list: { sortable: true, width: 240 },
      },
      type: {
        kind: 'enum',
        label: t('Company type', '企业类型'),
        options: [
          { value: 'manufacturer', label: t('Manufacturer', '生产厂家') },
          { value: 'trading', label: t('Trading company', '贸易公司') },
          { value: 'both', label: t('Manufacturer and trader', '工贸一体') },
          { value: 'service', label: t('Service provider', '服务商') },
        ],
        default: 'manufacturer',
        list: { filter: 'in' },
      },
      code: {
        kind: 'text',
        label: t('Company code', '企业编码'),
        maxLength: 50,
        form: { help: t('e.g. the unified social credit code', '如统一社会信用代码') },
      },
      logo: media.image(t('Logo', '企业标志'), {
        sizeHint: '614x420',
        required: true,
        list: { width: 100 },
      }),
      longLogo: media.image(t('Wide logo', '横版标志')),
      backgroundImg: media.image(t('Background image', '背景图'), { sizeHint: '438x244', required: true }),
      introduce: { kind: 'longText', label: t('Introduction', '企业简介'), required: true, maxLength: 5000 },
      industry: { kind: 'text', label: t('Industry', '所属行业'), maxLength: 100 },
      categoryIds: {
        kind: 'relationMany',
        label: t('Categories', '企业分类'),
        to: 'company_category',
        labelField: 'name',
        maxCount: 20,
        list: { filter: 'in', width: 200 },
      },
      productCategoryIds: {
        kind: 'relationMany',
        label: t('Main product categories', '主营产品分类'),
        to: 'product_category',
        labelField: 'name',
        maxCount: 20,
        list: { filter: 'in' },
      },
      tags: {
        kind: 'relationMany',
        label: t('Tags', '企业标签'),
        to: 'company_tag',
        labelField: 'name',
        maxCount: COMPANY_TAGS_MAX,
        organiserOnly: true,
        list: { filter: 'in', width: 180 },
      },
      // no default width and no help under it, as the company form has always shown it
      sortNo: sortNo({ organiserOnly: true, list: { sortable: true }, form: {} }),
      status: enableStatus(),
    }),

    ...inGroup('contact', {
      linkUsername: { kind: 'text', label: t('Contact person', '联系人'), maxLength: 50 },
      deptName: { kind: 'text', label: t('Department', '部门'), maxLength: 50 },
      phone: {
        kind: 'text',
        label: t('Phone', '电话'),
        format: 'phone',
        maxLength: 30,
        form: {
          help: t(
            'The number buyers call, in any format, e.g. +86 21 6234 5678',
            '买家拨打的联系电话，格式不限，例如 +86 21 6234 5678',
          ),
        },
      },
      mobile: {
        kind: 'text',
        label: t('Mobile', '手机'),
        format: 'mobile',
        countryField: 'countryCode',
        maxLength: 30,
        form: {
          help: t("The contact person's mobile, e.g. 13800000000", '联系人的手机号，例如 13800000000'),
        },
      },
      telphone: {
        kind: 'text',
        label: t('Telephone', '固定电话'),
        required: true,
        maxLength: 30,
        // A telephone needs its area code, in the form area-number.
        pattern: {
          source: '^\\+?[0-9]{1,4}-[0-9]{3,20}(-[0-9]{1,8})?$',
          message: t(
            'Write the landline as area code-number, e.g. 021-62345678',
            '固定电话格式为 区号-号码，例如 021-62345678',
          ),
          example: '021-62345678',
        },
        form: {
          widget: 'areaPhone',
          // the area part is a city's area code (021 Shanghai, 0755 Shenzhen), not a country code
          help: t(
            'The office landline: area code (e.g. 021, 0755) and number, e.g. 021-62345678',
            '办公室固定电话：区号（如 021、0755）和号码，例如 021-62345678',
          ),
        },
      },
      fax: { kind: 'text', label: t('Fax', '传真'), maxLength: 30 },
      email: { kind: 'text', label: t('Email', '邮箱'), required: true, format: 'email', maxLength: 100 },
      website: { kind: 'text', label: t('Website', '网站'), format: 'url', maxLength: 300 },
      account: {
        kind: 'text',
        label: t('Login account', '登录账号'),
        required: true,
        unique: true,
        readOnlyOnEdit: true,
        maxLength: 64,
        pattern: {
          source: '^[A-Za-z0-9][A-Za-z0-9_.@-]{2,63}$',
          message: t(
            'The account has 3 to 64 letters, digits or _ . @ - and starts with a letter or digit',
            '账号为 3 到 64 位字母、数字或 _ . @ -，以字母或数字开头',
          ),
          example: 'supplier01',
        },
        list: { width: 140 },
      },
      password: {
        kind: 'password',
        label: t('Login password', '登录密码'),
        virtual: true,
        form: {
          help: t(
            'Creates the supplier login with the account; on edit, empty keeps the current password',
            '设置后即可用该账号登录；编辑时不填则不修改',
          ),
        },
      },
    }),

    ...inGroup('location', {
      countryCode: {
        kind: 'text',
        label: t('Country/region', '国家/地区'),
        required: true,
        maxLength: 2,
        pattern: {
          source: '^[A-Z]{2}$',
          message: t('Choose a country or region from the list', '请从列表中选择国家或地区'),
          example: 'CN',
        },
        list: { filter: 'eq', width: 110 },
        form: { widget: 'regionCountry' },
      },
      countryName: { kind: 'text', label: t('Country name', '国家名称'), computed: true, maxLength: 100 },
      belong: {
        kind: 'text',
        label: t('Province/city', '省/市'),
        maxLength: 20,
        pattern: {
          source: '^[0-9]{6}(/[0-9]{6})?$',
          message: t('Choose a province or city from the list', '请从列表中选择省份或城市'),
          example: '440000/440300',
        },
        form: { widget: 'regionArea', help: t('China only', '仅限中国') },
      },
      belongAddress: { kind: 'text', label: t('Address', '详细地址'), required: true, maxLength: 300 },
      address: { kind: 'text', label: t('Registered address', '注册地址'), maxLength: 300 },
      postcode: { kind: 'text', label: t('Postcode', '邮编'), maxLength: 20 },
      legalUser: { kind: 'text', label: t('Legal representative', '法人代表'), maxLength: 50 },
      legalUserIdCard: { kind: 'text', label: t('Legal representative ID', '法人身份证号'), maxLength: 30 },
      bizLicence: media.image(t('Business licence', '营业执照')),
    }),

    ...inGroup('media', {
      adImgs: media.images(t('Advertising images', '广告图'), { sizeHint: '144x80' }),
      // One video; the company may have one while its video limit is at least 1.
      adVideos: media.video(t('Advertising video', '广告视频'), { sizeHint: '800x444' }),
      attachments: media.attachments(t('Attachments', '附件')),
    }),

    ...inGroup('profile', {
      staffCount: { kind: 'integer', label: t('Staff count', '员工人数'), min: 0, max: 10_000_000 },
      annualRevenue: { kind: 'dict', label: t('Annual revenue', '年营业额'), dict: 'company_annual_revenue' },
      yearEstablished: { kind: 'integer', label: t('Year established', '成立年份'), min: 1800, max: 2100 },
      certifications: { kind: 'tags', label: t('Certifications', '认证'), maxLength: 100 },
      patents: { kind: 'tags', label: t('Patents', '专利'), maxLength: 100 },
      trademarks: { kind: 'tags', label: t('Trademarks', '商标'), maxLength: 100 },
      factorySize: { kind: 'text', label: t('Factory size', '厂房面积'), maxLength: 100 },
      productionLines: { kind: 'integer', label: t('Production lines', '生产线数量'), min: 0, max: 100_000 },
      equipment: { kind: 'longText', label: t('Production equipment', '生产设备'), maxLength: 2000 },
      testEquipment: { kind: 'longText', label: t('Test equipment', '检测设备'), maxLength: 2000 },
      languages: { kind: 'dictMany', label: t('Languages', '语言'), dict: 'company_language' },
      nearestPort: { kind: 'text', label: t('Nearest port', '最近港口'), maxLength: 100 },
      exportRevenue: { kind: 'dict', label: t('Export revenue', '出口额'), dict: 'company_annual_revenue' },
      mainMarkets: { kind: 'dictMany', label: t('Main markets', '主要市场'), dict: 'company_main_market' },
    }),

    ...inGroup('membership', {
      vipPackageId: {
        kind: 'relation',
        label: t('Membership package', '会员套餐'),
        to: 'vip_package',
        labelField: 'name',
        organiserOnly: true,
        list: { filter: 'in', width: 150 },
      },
      ...grants,
      sendedEmail: {
        kind: 'boolean',
        label: t('Email matching purchase requirements', '邮件推送匹配的采购需求'),
        default: true,
        list: { filter: 'eq' },
        form: {
          help: t(
            'Email the company about purchase requirements matching its main products',
            '有与主营产品匹配的采购需求时邮件通知企业',
          ),
        },
      },
    }),

    ...inGroup('audit', {
      ...auditFields(companyAuditFieldNames, { decidedOn: 'view' }),
      isPublic: {
        kind: 'boolean',
        label: t('Public', '前台可见'),
        computed: true,
        derive: {
          kind: 'all',
          when: [
            { field: 'auditStatus', in: ['passed'] },
            { field: 'status', in: ['enabled'] },
          ],
        },
        list: { filter: 'eq', width: 100 },
        form: { help: t('Audit passed and enabled', '审核通过且已启用') },
      },
      completeInfoStatus: {
        kind: 'boolean',
        label: t('Information complete', '资料完整'),
        computed: true,
        derive: { kind: 'filled', fields: 'required' },
        list: { filter: 'eq', width: 110 },
      },
      source: {
        kind: 'enum',
        label: t('Source', '来源'),
        options: [
          { value: 'console', label: t('Added by the organiser', '后台添加') },
          { value: 'register', label: t('Self-registered', '自主注册') },
        ],
        default: 'console',
        computed: true,
        list: { filter: 'in' },
      },
      // not sortable and without a set width, as this column has always been
      shareNum: counter(t('Shares', '分享数'), { list: {} }),
      collectNum: counter(t('Favourites', '收藏数'), {
        list: { sortable: true },
      }),
      consultNum: counter(t('Enquiries', '咨询数'), {
        list: { sortable: true },
      }),
    }),
  },
  search: ['name', 'account', 'code'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  softDelete: true,
  labelField: 'name',
  labelImage: 'logo',
  scope: { field: 'id' },
  quotas: [
    {
      key: 'companyVideo',
      counts: { set: 'adVideos' },
      limit: { entity: 'company', field: 'companyVideoLimit' },
    },
  ],
  commands: {
    resetLoginPassword: {
      label: t('Reset login password', '重置登录密码'),
      target: 'record',
      danger: true,
      confirm: t(
        'The supplier login gets the new password and its signed-in sessions end. Continue?',
        '供应商登录将使用新密码，已登录的会话将失效。确定继续吗？',
      ),
      input: {
        password: {
          kind: 'password',
          label: t('New login password', '新登录密码'),
          required: true,
          minLength: 8,
          form: {
            help: t(
              'At least 8 characters; the company’s supplier login signs in with it',
              '至少 8 位；企业的供应商账号将使用该密码登录',
            ),
          },
        },
      },
    },
  },
});
