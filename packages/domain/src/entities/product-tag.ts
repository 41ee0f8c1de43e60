import { defineEntity, enableStatus, t } from '../kit';

/** /productManage/product_tag_list: a product tag has a name and a status. */
export const productTag = defineEntity({
  name: 'product_tag',
  labels: { singular: t('Product tag', '产品标签'), plural: t('Product tags', '产品标签') },
  permission: { menu: '/productManage/product_tag_list' },
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
