import { counter, defineEntity, media, t } from '../kit';

/**
 * /buy_requirement/buy_requirement_list: a buyer's purchase requirement, posted from the marketplace (or added
 * by staff). It is pending until staff authorise it (or refuse it with a reason); once authorised, suppliers
 * see it and may reveal the buyer's contact, one of their company's monthly reveals per requirement. It
 * expires when its end time passes (a job moves `status`); the days left are worked out on every read from
 * the end time, never stored. `company` is the buyer's own company name as the buyer gave it: buyers are
 * marketplace users, not the supplier companies of this console.
 */
export const buyRequirement = defineEntity({
  name: 'buy_requirement',
  labels: { singular: t('Purchase requirement', '采购需求'), plural: t('Purchase requirements', '采购需求') },
  permission: { menu: '/buy_requirement/buy_requirement_list' },
  // what the server modules and the console add to this definition (listed, so it is found from here)
  behaviour: {
    hooks: {
      // numberRequirement: the readable requirement number given on create; mailMatchingCompanies: the
      // matching suppliers mailed once a requirement is authorised
      requirements: ['beforeWrite: numberRequirement', 'afterCommit: mailMatchingCompanies'],
    },
  },
  fields: {
    requirementNo: {
      kind: 'text',
      label: t('Requirement number', '需求编号'),
      computed: true,
      unique: true,
      maxLength: 30,
      list: { sortable: true, filter: 'like', width: 190 },
    },
    title: {
      kind: 'text',
      label: t('Title', '标题'),
      required: true,
      maxLength: 200,
      list: { sortable: true, width: 260 },
    },
    categoryId: {
      kind: 'relation',
      label: t('Category', '产品分类'),
      to: 'product_category',
      labelField: 'name',
      required: true,
      list: { filter: 'in', width: 160 },
    },
    budget: { kind: 'text', label: t('Budget', '预算'), maxLength: 100, list: { width: 140 } },
    endTime: {
      kind: 'datetime',
      label: t('End time', '截止时间'),
      required: true,
      list: { sortable: true, filter: 'range', width: 170 },
    },
    userId: {
      kind: 'relation',
      label: t('Buyer', '采购商'),
      to: 'user_manager',
      labelField: 'account',
      list: { filter: 'eq', width: 150 },
    },
    company: { kind: 'text', label: t('Buyer company', '采购商公司'), maxLength: 200, list: { width: 200 } },
    country: {
      kind: 'text',
      label: t('Country', '国家'),
      maxLength: 100,
      list: { filter: 'eq', sortable: true, width: 120 },
    },
    contactTypes: {
      kind: 'dictMany',
      label: t('Contact types', '联系方式类型'),
      dict: 'contact_type',
      maxCount: 5,
    },
    contactName: { kind: 'text', label: t('Contact name', '联系人'), maxLength: 100, list: { width: 120 } },
    mobile: {
      kind: 'text',
      label: t('Mobile', '手机'),
      format: 'mobile',
      maxLength: 30,
      list: { width: 140 },
    },
    tel: { kind: 'text', label: t('Telephone', '电话'), maxLength: 30, list: { width: 140 } },
    email: {
      kind: 'text',
      label: t('Email', '邮箱'),
      format: 'email',
      maxLength: 200,
      list: { width: 200 },
    },
    content: { kind: 'longText', label: t('Details', '需求详情'), maxLength: 5000 },
    attachments: media.attachments(t('Attachments', '附件')),
    authed: {
      kind: 'enum',
      label: t('Authorisation', '审核状态'),
      options: [
        { value: 'pending', label: t('Pending', '待审核'), color: 'warning' },
        { value: 'authorised', label: t('Authorised', '已授权'), color: 'success' },
        { value: 'refused', label: t('Refused', '已拒绝'), color: 'error' },
      ],
      actionOnly: true,
      machine: {
        initial: 'pending',
        actions: {
          authorise: {
            label: t('Authorise', '授权'),
            from: ['pending', 'refused'],
            to: 'authorised',
            confirm: t(
              'Authorise “{{label}}”? Suppliers will see it and matching companies are mailed.',
              '确定授权“{{label}}”吗？授权后供应商可见，并邮件通知匹配的企业。',
            ),
            assign: { refuseReason: { from: 'clear' } },
          },
          refuse: {
            label: t('Refuse', '拒绝'),
            from: ['pending', 'authorised'],
            to: 'refused',
            input: {
              reason: { kind: 'longText', label: t('Reason', '拒绝原因'), required: true, maxLength: 500 },
            },
            assign: { refuseReason: { from: 'input', key: 'reason' } },
          },
        },
      },
      list: { filter: 'in', width: 110 },
    },
    refuseReason: {
      kind: 'longText',
      label: t('Refusal reason', '拒绝原因'),
      maxLength: 500,
      computed: true,
      actionOnly: true,
    },
    status: {
      kind: 'enum',
      label: t('Status', '状态'),
      options: [
        { value: 'effective', label: t('Effective', '有效'), color: 'success' },
        { value: 'expired', label: t('Expired', '已过期'), color: 'default' },
      ],
      default: 'effective',
      computed: true,
      list: { filter: 'in', width: 100 },
    },
    clickNum: counter(t('Views', '浏览量')),
  },
  // run by the requirements module's expiry job as the system: an effective requirement past its end time
  // expires, an expired one whose end time was moved later is effective again (each in the history)
  commands: {
    expire: {
      label: t('Expire', '过期'),
      target: 'batch',
      when: { field: 'status', in: ['effective'] },
      system: true,
    },
    renew: {
      label: t('Make effective again', '恢复有效'),
      target: 'batch',
      when: { field: 'status', in: ['expired'] },
      system: true,
    },
  },
  search: ['title', 'requirementNo', 'company', 'contactName'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  softDelete: true,
  labelField: 'title',
});
