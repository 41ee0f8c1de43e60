import { IMAGE_MAX_BYTES, IMAGE_TYPES, PRODUCT_CATEGORY_LEVELS } from '../config/constants';
import { defineEntity, enableStatus, sortNo, t } from '../kit';

/** /productManage/product_category_list: the two-level tree of product categories. A top-level category
 * (no `parentId`) holds second-level ones; a third level is refused, also when a category that has children
 * is moved under another one. A product names its top-level category (`categoryId1`) and, optionally, a
 * second-level one under it (`categoryId`). */
export const productCategory = defineEntity({
  name: 'product_category',
  labels: { singular: t('Product category', '产品分类'), plural: t('Product categories', '产品分类') },
  permission: { menu: '/productManage/product_category_list' },
  fields: {
    name: {
      kind: 'text',
      label: t('Name', '名称'),
      required: true,
      maxLength: 100,
      list: { sortable: true, width: 200 },
    },
    enName: {
      kind: 'text',
      label: t('English name', '英文名称'),
      maxLength: 100,
      list: { width: 200 },
    },
    zhName: {
      kind: 'text',
      label: t('Chinese name', '中文名称'),
      maxLength: 100,
      list: { width: 160 },
    },
    parentId: {
      kind: 'treeRelation',
      label: t('Parent category', '上级分类'),
      labelField: 'name',
      maxDepth: PRODUCT_CATEGORY_LEVELS,
      list: { filter: 'eq', width: 160 },
      form: {
        help: t(
          'Empty for a top-level category; categories have two levels',
          '不选则为一级分类；分类最多两级',
        ),
      },
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
  search: ['name', 'enName', 'zhName'],
  defaultSort: { field: 'sortNo', order: 'asc' },
  softDelete: true,
  labelField: 'name',
});
