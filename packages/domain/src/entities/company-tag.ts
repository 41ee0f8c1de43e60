import { defineEntity, enableStatus, t } from '../kit';

/** /company/company_tag_list: a company tag has a name and a status. A company shows at most two tags. */
export const companyTag = defineEntity({
  name: 'company_tag',
  labels: { singular: t('Company tag', '企业标签'), plural: t('Company tags', '企业标签') },
  permission: { menu: '/company/company_tag_list' },
  fields: {
    name: {
      kind: 'text',
      label: t('Name', '名称'),
      required: true,
      unique: true,
      maxLength: 50,
      list: { sortable: true, width: 240 },
    },
    status: enableStatus(),
  },
  search: ['name'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  softDelete: true,
  labelField: 'name',
});
