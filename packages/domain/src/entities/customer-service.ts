import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '../config/constants';
import { defineEntity, enableStatus, t } from '../kit';

/** /customer_service/customer_service_edit/{id} (reached from a company's row): a company's
 * customer-service contacts, its salespeople and IM service staff. One of them is the company's default contact. */
export const customerService = defineEntity({
  name: 'customer_service',
  labels: {
    singular: t('Customer-service contact', '客服联系人'),
    plural: t('Customer-service contacts', '客服联系人'),
  },
  permission: { menu: '/customer_service/customer_service_edit/:id' },
  fields: {
    name: {
      kind: 'text',
      label: t('Name', '姓名'),
      required: true,
      maxLength: 50,
      list: { sortable: true, width: 140 },
    },
    companyId: {
      kind: 'relation',
      label: t('Company', '所属企业'),
      to: 'company',
      labelField: 'name',
      required: true,
      readOnlyOnEdit: true,
      list: { filter: 'in', width: 200 },
    },
    mobile: {
      kind: 'text',
      label: t('Mobile', '手机'),
      format: 'mobile',
      maxLength: 30,
      list: { width: 140 },
    },
    position: { kind: 'text', label: t('Position', '职位'), maxLength: 50, list: { width: 120 } },
    email: { kind: 'text', label: t('Email', '邮箱'), format: 'email', maxLength: 100, list: { width: 180 } },
    avatar: {
      kind: 'image',
      label: t('Avatar', '头像'),
      upload: { maxCount: 1, maxBytes: IMAGE_MAX_BYTES, types: IMAGE_TYPES, sizeHint: '120x120' },
      list: { width: 90 },
    },
    isDefault: {
      kind: 'boolean',
      label: t('Default contact', '默认联系人'),
      exclusive: { per: 'companyId' },
      list: { filter: 'eq', width: 110 },
      form: {
        help: t(
          'The company’s first contact is its default; choosing another moves the default to it',
          '企业的第一个联系人默认为默认联系人；设置其他联系人为默认时自动切换',
        ),
      },
    },
    status: enableStatus(),
    remark: { kind: 'longText', label: t('Remark', '备注'), maxLength: 500 },
    password: {
      kind: 'password',
      label: t('IM password', '客服登录密码'),
      column: 'password_hash',
      form: { help: t('Empty keeps the current password', '不填则不修改') },
    },
  },
  search: ['name', 'mobile', 'email'],
  defaultSort: { field: 'createdAt', order: 'asc' },
  softDelete: true,
  labelField: 'name',
  scope: { field: 'companyId' },
  parent: { entity: 'company', field: 'companyId' },
  commands: {
    setDefault: {
      label: t('Set as default', '设为默认'),
      target: 'record',
      when: { field: 'isDefault', in: [false] },
    },
  },
});
