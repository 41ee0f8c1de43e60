import { defineEntity, replyCommand, t } from '../kit';

/** The longest consult or reply text a buyer or a supplier may send (characters, stored and shown as text). */
export const CONSULT_CONTENT_MAX = 2000;

/** Most images one reply carries (JPG/PNG only, as every reply form). */
export const CONSULT_REPLY_IMAGES_MAX = 6;

/**
 * /consult (consult_list, consult_edit/{id}): a buyer's enquiry to a company, optionally about one of its
 * products. Consults arrive only from the marketplace (`POST /api/open/v1/consults`): the console neither
 * adds, edits nor deletes them, since a buyer's words are the buyer's own. Staff and a supplier of the consult's
 * company answer with the `reply` command; otherwise staff may change nothing of a consult: `isFeedback` (replied or not), the ip and the time it was sent are kept by the server. A supplier
 * account sees only its own company's consults.
 */
export const consult = defineEntity({
  name: 'consult',
  labels: { singular: t('Consult', '咨询'), plural: t('Consults', '咨询') },
  permission: { menu: '/consult/consult_list' },
  // what the server modules and the console add to this definition (listed, so it is found from here)
  behaviour: {
    screens: { 'entity-form': 'consults/consult-pages ConsultFormPage (the reply thread under the consult)' },
    // the navbar's unreplied-consults badge follows every write, on every node
    hooks: { chat: ['afterCommit: notifyBadges'] },
  },
  defaultColumns: ['content', 'companyId', 'userId', 'type', 'country', 'isFeedback', 'consultTime'],
  fields: {
    userId: {
      kind: 'relation',
      label: t('Buyer', '买家'),
      to: 'user_manager',
      labelField: 'account',
      required: true,
      list: { filter: 'eq', width: 160 },
    },
    type: {
      kind: 'enum',
      label: t('Type', '咨询类型'),
      options: [
        { value: 'company', label: t('About the company', '企业咨询') },
        { value: 'product', label: t('About a product', '产品咨询') },
      ],
      default: 'company',
      list: { filter: 'in', width: 120 },
    },
    companyId: {
      kind: 'relation',
      label: t('Company', '所属企业'),
      to: 'company',
      labelField: 'name',
      required: true,
      list: { filter: 'eq', width: 200 },
    },
    productId: {
      kind: 'relation',
      label: t('Product', '咨询产品'),
      to: 'product',
      labelField: 'name',
      list: { filter: 'eq', width: 200 },
    },
    content: {
      kind: 'longText',
      label: t('Enquiry', '咨询内容'),
      required: true,
      maxLength: CONSULT_CONTENT_MAX,
      list: { column: true, width: 300 },
    },
    fromBuyNum: {
      kind: 'integer',
      label: t('Purchase quantity', '采购数量'),
      column: 'from_buy_num',
      min: 0,
      max: 1_000_000_000,
      list: { width: 110 },
    },
    contact: { kind: 'text', label: t('Contact', '联系人'), maxLength: 100, list: { width: 120 } },
    phone: { kind: 'text', label: t('Phone', '电话'), maxLength: 30, list: { width: 140 } },
    email: { kind: 'text', label: t('Email', '邮箱'), format: 'email', maxLength: 100, list: { width: 180 } },
    country: {
      kind: 'text',
      label: t('Country', '国家'),
      maxLength: 100,
      list: { filter: 'eq', width: 110 },
    },
    workTitle: { kind: 'text', label: t('Job title', '职位'), maxLength: 100, list: { width: 120 } },
    isFeedback: {
      kind: 'boolean',
      label: t('Replied', '已回复'),
      default: false,
      computed: true,
      list: { filter: 'eq', width: 90 },
    },
    ip: {
      kind: 'text',
      label: t('IP address', 'IP地址'),
      maxLength: 45,
      computed: true,
      list: { width: 130 },
    },
    consultTime: {
      kind: 'datetime',
      label: t('Sent at', '咨询时间'),
      computed: true,
      list: { sortable: true, filter: 'range', width: 170 },
    },
  },
  search: ['content', 'contact', 'email'],
  defaultSort: { field: 'consultTime', order: 'desc' },
  labelField: 'content',
  scope: { field: 'companyId' },
  capabilities: { readOnly: true, import: false },
  // the reply thread (`consult_reply`), appended by the consults module's `reply` handler: one of the company's
  // monthly replies (`consultReplyLimit`), the consult marked replied
  commands: {
    reply: replyCommand({
      maxLength: CONSULT_CONTENT_MAX,
      imagesField: 'images',
      maxImages: CONSULT_REPLY_IMAGES_MAX,
    }),
  },
});
