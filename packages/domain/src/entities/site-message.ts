import { counter, defineEntity, t } from '../kit';

/** The longest content a site letter keeps (rich text, sanitised on the server). */
export const SITE_MESSAGE_CONTENT_MAX = 50_000;

/** Who a site letter goes to. A supplier account may send only to its own buyers (`buyers`: every user that
 * consulted its company, or `users` chosen among them). `levels`: the users whose membership level
 * (`user_vip_package`) is one of those chosen when the letter is sent. */
export const SITE_MESSAGE_TARGETS = [
  { value: 'all', label: t('All users', '所有用户') },
  { value: 'userType', label: t('A user type', '指定用户类型') },
  { value: 'users', label: t('Chosen users', '指定用户') },
  { value: 'companies', label: t('Chosen companies', '指定企业') },
  { value: 'levels', label: t('Membership levels', '指定会员等级') },
  { value: 'buyers', label: t('Our buyers', '本企业的买家') },
] as const;

/** The targets a supplier account may choose. */
export const SUPPLIER_LETTER_TARGETS = ['buyers', 'users'] as const;

/**
 * /site_message/site_message_list: a letter staff (or a supplier, to its own buyers) write to the marketplace's
 * users or companies. A draft is sent now (`send`) or scheduled (the `schedule` command, for a time in the
 * future; a job sends it when the time comes); a draft or a scheduled letter may be cancelled. Sending writes one inbox
 * delivery per recipient in the same transaction; the letter counts its deliveries and the reads the
 * marketplace reports. A supplier's letters count against its company's monthly `siteLetterLimit`.
 */
export const siteMessage = defineEntity({
  name: 'site_message',
  labels: { singular: t('Site letter', '站内信'), plural: t('Site letters', '站内信') },
  permission: { menu: '/site_message/site_message_list' },
  // what the server modules and the console add to this definition (listed, so it is found from here)
  behaviour: {
    hooks: {
      // checkLetter: targets (a supplier: its own buyers), drafts only editable;
      // deliverLetter: the inbox deliveries of a sent letter and the supplier's monthly letters
      letters: ['beforeWrite: checkLetter', 'afterWrite: deliverLetter'],
    },
  },
  defaultColumns: ['title', 'targetType', 'status', 'sendTime', 'sentAt', 'deliveryCount', 'readCount'],
  fields: {
    title: {
      kind: 'text',
      label: t('Title', '标题'),
      required: true,
      maxLength: 200,
      list: { width: 260 },
    },
    content: {
      kind: 'richText',
      label: t('Content', '内容'),
      required: true,
      maxLength: SITE_MESSAGE_CONTENT_MAX,
    },
    targetType: {
      kind: 'enum',
      label: t('Send to', '发送对象'),
      options: SITE_MESSAGE_TARGETS,
      default: 'all',
      required: true,
      list: { filter: 'in', width: 130 },
    },
    userType: {
      kind: 'enum',
      label: t('User type', '用户类型'),
      options: [
        { value: 'buyer', label: t('Buyer', '采购商') },
        { value: 'trader', label: t('Trader', '贸易商') },
      ],
      required: true,
      onlyWhen: { field: 'targetType', in: ['userType'] },
      list: { width: 110 },
    },
    userIds: {
      kind: 'relationMany',
      label: t('Users', '用户'),
      to: 'user_manager',
      labelField: 'account',
      required: true,
      onlyWhen: { field: 'targetType', in: ['users'] },
      list: { width: 200 },
    },
    companyIds: {
      kind: 'relationMany',
      label: t('Companies', '企业'),
      to: 'company',
      labelField: 'name',
      required: true,
      onlyWhen: { field: 'targetType', in: ['companies'] },
      list: { width: 200 },
    },
    levelIds: {
      kind: 'relationMany',
      label: t('Membership levels', '会员等级'),
      to: 'user_vip_package',
      labelField: 'name',
      required: true,
      onlyWhen: { field: 'targetType', in: ['levels'] },
      list: { width: 200 },
      form: {
        help: t(
          'Delivered to the users holding one of these levels when the letter is sent',
          '发送时送达当时处于这些会员等级的用户',
        ),
      },
    },
    sendTime: {
      kind: 'datetime',
      label: t('Scheduled time', '定时发送时间'),
      computed: true,
      list: { sortable: true, filter: 'range', width: 170 },
    },
    status: {
      kind: 'enum',
      label: t('Status', '状态'),
      options: [
        { value: 'draft', label: t('Draft', '草稿'), color: 'default' },
        { value: 'scheduled', label: t('Scheduled', '定时待发'), color: 'processing' },
        { value: 'sent', label: t('Sent', '已发送'), color: 'success' },
        { value: 'cancelled', label: t('Cancelled', '已取消'), color: 'warning' },
      ],
      list: { filter: 'in', width: 110 },
      machine: {
        initial: 'draft',
        actions: {
          send: {
            label: t('Send now', '立即发送'),
            from: ['draft', 'scheduled'],
            to: 'sent',
            confirm: t('Send “{{label}}” now?', '确定立即发送“{{label}}”吗？'),
          },
          cancel: {
            label: t('Cancel', '取消发送'),
            from: ['draft', 'scheduled'],
            to: 'cancelled',
            confirm: t('Cancel “{{label}}”?', '确定取消“{{label}}”吗？'),
          },
        },
      },
    },
    sentAt: {
      kind: 'datetime',
      label: t('Sent at', '发送时间'),
      computed: true,
      list: { sortable: true, width: 170 },
    },
    deliveryCount: counter(t('Deliveries', '送达数')),
    readCount: counter(t('Reads', '已读数')),
    companyId: {
      kind: 'relation',
      label: t('Sender company', '发信企业'),
      to: 'company',
      labelField: 'name',
      readOnlyOnEdit: true,
      list: { filter: 'eq', width: 180 },
      form: {
        help: t(
          'A supplier’s letters name its own company: they go to its buyers and count against its monthly letters',
          '供应商的站内信自动填写本企业：发送给本企业的买家，并计入本企业的每月站内信数量',
        ),
      },
    },
  },
  search: ['title'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  softDelete: true,
  labelField: 'title',
  scope: { field: 'companyId' },
  capabilities: { import: false },
  // a draft is scheduled for a time in the future (set by the letters module's handler: a past time is refused
  // naming sendTime); the job sends it through `send` when the time comes
  commands: {
    schedule: {
      label: t('Schedule', '定时发送'),
      target: 'record',
      when: { field: 'status', in: ['draft'] },
      input: {
        sendTime: {
          kind: 'datetime',
          label: t('Scheduled time', '定时发送时间'),
          required: true,
          form: { help: t('A time in the future', '须晚于当前时间') },
        },
      },
    },
  },
});
