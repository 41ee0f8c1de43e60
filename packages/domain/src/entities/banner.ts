import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '../config/constants';
import { counter, defineEntity, enableStatus, onlineStatus, sortNo, t } from '../kit';

/** Where a banner leads when clicked. */
const targetTypes = [
  { value: 'none', label: t('No link', '无跳转') },
  { value: 'url', label: t('Web page', '网页链接') },
  { value: 'company', label: t('Company', '企业') },
  { value: 'product', label: t('Product', '产品') },
  { value: 'activity', label: t('Popular activity', '热门活动') },
] as const;

/** /banner/banner_list: banners go online and offline; the cover is 1200x240; a higher sort ranks later. */
export const banner = defineEntity({
  name: 'banner',
  labels: { singular: t('Banner', '横幅'), plural: t('Banners', '横幅') },
  permission: { menu: '/banner/banner_list' },
  groups: {
    basic: { label: t('Banner', '横幅信息') },
    target: { label: t('Link', '跳转') },
    schedule: { label: t('Schedule', '投放时间') },
  },
  fields: {
    title: {
      kind: 'text',
      label: t('Title', '标题'),
      required: true,
      maxLength: 100,
      list: { width: 220 },
      form: { group: 'basic' },
    },
    position: {
      kind: 'relation',
      label: t('Position', '位置'),
      to: 'banner_position',
      column: 'position_id',
      labelField: 'name',
      required: true,
      list: { filter: 'in', width: 140 },
      form: { group: 'basic' },
    },
    coverImg: {
      kind: 'image',
      label: t('Cover image', '封面图'),
      required: true,
      upload: {
        maxCount: 1,
        maxBytes: IMAGE_MAX_BYTES,
        types: IMAGE_TYPES,
        sizeHint: '1200x240',
        sizeHintFrom: { relation: 'position', field: 'sizeHint' },
      },
      list: { width: 140 },
      form: { group: 'basic', span: 24 },
    },
    sortNo: sortNo({ form: { group: 'basic', help: t('Higher numbers rank later', '数值越大越靠后') } }),
    targetType: {
      kind: 'enum',
      label: t('Target type', '跳转类型'),
      options: targetTypes,
      default: 'none',
      required: true,
      list: { filter: 'in', width: 120 },
      form: { group: 'target' },
    },
    targetUrl: {
      kind: 'text',
      label: t('Target URL', '跳转链接'),
      format: 'url',
      maxLength: 500,
      list: { shown: false },
      form: { group: 'target', placeholder: t('https://…', 'https://…') },
    },
    targetValue: {
      kind: 'text',
      label: t('Target value', '跳转目标'),
      maxLength: 100,
      list: { shown: false },
      form: {
        group: 'target',
        help: t('The id of the company, product or activity', '企业、产品或活动的 ID'),
      },
    },
    status: enableStatus({ form: { group: 'schedule' } }),
    displayStatus: onlineStatus({ form: { group: 'schedule' } }),
    startDate: {
      kind: 'date',
      label: t('Start date', '开始日期'),
      list: { sortable: true, filter: 'range', width: 120 },
      form: { group: 'schedule' },
    },
    endDate: {
      kind: 'date',
      label: t('End date', '结束日期'),
      list: { sortable: true, filter: 'range', width: 120 },
      form: { group: 'schedule' },
    },
    remark: { kind: 'longText', label: t('Remark', '备注'), maxLength: 500, form: { group: 'basic' } },
    clickNum: counter(t('Clicks', '点击量'), { form: { group: 'basic' } }),
  },
  rules: [
    {
      kind: 'compare',
      field: 'endDate',
      op: 'gte',
      other: 'startDate',
      message: t('The end date cannot be before the start date', '结束日期不能早于开始日期'),
    },
    { kind: 'requiredIf', field: 'targetUrl', when: { field: 'targetType', in: ['url'] } },
    {
      kind: 'requiredIf',
      field: 'targetValue',
      when: { field: 'targetType', in: ['company', 'product', 'activity'] },
    },
  ],
  search: ['title', 'remark'],
  defaultSort: { field: 'sortNo', order: 'asc' },
  softDelete: true,
  labelField: 'title',
});
