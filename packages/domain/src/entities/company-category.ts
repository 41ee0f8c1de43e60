import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '../config/constants';
import { defineEntity, enableStatus, sortNo, t } from '../kit';

/** /company/company_category_list: the tree of company categories (a node's parent is `parentId`;
 * moving a node under itself or its own descendant is refused). `GET /api/company_category/tree` returns the
 * whole tree for the tree table. */
export const companyCategory = defineEntity({
  name: 'company_category',
  labels: { singular: t('Company category', '企业分类'), plural: t('Company categories', '企业分类') },
  permission: { menu: '/company/company_category_list' },
  fields: {
    name: {
      kind: 'bilingual',
      label: t('Name', '名称'),
      required: true,
      maxLength: 100,
      list: { width: 200 },
    },
    parentId: {
      kind: 'treeRelation',
      label: t('Parent category', '上级分类'),
      labelField: 'name',
      list: { filter: 'eq', width: 160 },
      form: { help: t('Empty for a top-level category', '不选则为一级分类') },
    },
    icon: {
      kind: 'image',
      label: t('Icon', '图标'),
      upload: { maxCount: 1, maxBytes: IMAGE_MAX_BYTES, types: IMAGE_TYPES, sizeHint: '64x64' },
      list: { width: 90 },
    },
    sortNo: sortNo(),
    status: enableStatus(),
  },
  search: ['name'],
  defaultSort: { field: 'sortNo', order: 'asc' },
  softDelete: true,
  labelField: 'name',
});
