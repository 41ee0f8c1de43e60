import { defineEntity, enableStatus, sortNo, t } from '../kit';
import type { BooleanField, NumberField } from '../kit/types';

/** A limit a package grants, per month or on what a company has at once; empty is unlimited. */
const limit = (en: string, zh: string, per: 'month' | 'atOnce' = 'month'): NumberField => ({
  kind: 'integer',
  label: t(en, zh),
  min: 0,
  max: 1_000_000,
  list: { shown: false },
  form: {
    group: 'limits',
    help:
      per === 'month'
        ? t('Per month; empty is unlimited', '每月；不填为不限')
        : t('At once; empty is unlimited', '同时拥有的数量；不填为不限'),
  },
});

const flag = (en: string, zh: string): BooleanField => ({
  kind: 'boolean',
  label: t(en, zh),
  default: false,
  list: { shown: false },
  form: { group: 'limits' },
});

/** The limits and flags a package grants; a company's own values override them (see company.ts). Enquiries,
 * replies, purchase-contact reveals and site letters are counted per month; products, standout cards and
 * videos on what the company has at once. */
export const packageGrants = {
  companyVideoLimit: limit('Company videos', '企业视频数', 'atOnce'),
  consultLimit: limit('Enquiries a month', '咨询数/月'),
  consultReplyLimit: limit('Enquiry replies a month', '咨询回复数/月'),
  productLimit: limit('Products', '产品数', 'atOnce'),
  productCardStandoutLimit: limit('Standout product cards', '产品卡片突出展示数', 'atOnce'),
  buyRequirementAuthLimit: limit('Purchase-contact reveals a month', '采购需求联系方式查看数/月'),
  siteLetterLimit: limit('Site letters a month', '站内信数/月'),
  enableConsult: flag('Enquiries enabled', '开通咨询'),
  enableCustomerService: flag('Customer service enabled', '开通在线客服'),
  companyBackgroundStandout: flag('Standout company background', '企业背景突出展示'),
} as const;

/** /company/vip_package_list: the membership packages companies subscribe to. */
export const vipPackage = defineEntity({
  name: 'vip_package',
  labels: {
    singular: t('Membership package', '企业会员套餐'),
    plural: t('Membership packages', '企业会员套餐'),
  },
  permission: { menu: '/company/vip_package_list' },
  groups: { basic: { label: t('Package', '套餐信息') }, limits: { label: t('Limits', '权益与限额') } },
  fields: {
    name: {
      kind: 'bilingual',
      label: t('Name', '名称'),
      required: true,
      maxLength: 100,
      list: { width: 180 },
      form: { group: 'basic' },
    },
    price: {
      kind: 'money',
      label: t('Price', '价格'),
      required: true,
      min: 0,
      list: { sortable: true, width: 110 },
      form: { group: 'basic' },
    },
    durationMonths: {
      kind: 'integer',
      label: t('Duration (months)', '时长（月）'),
      required: true,
      min: 1,
      max: 120,
      list: { width: 110 },
      form: { group: 'basic' },
    },
    sortNo: sortNo({ form: { group: 'basic', help: t('Higher numbers rank later', '数值越大越靠后') } }),
    status: enableStatus({ form: { group: 'basic' } }),
    benefits: {
      kind: 'longText',
      label: t('Benefits', '权益说明'),
      maxLength: 2000,
      form: { group: 'basic' },
    },
    ...packageGrants,
  },
  search: ['name'],
  defaultSort: { field: 'sortNo', order: 'asc' },
  softDelete: true,
  labelField: 'name',
});
