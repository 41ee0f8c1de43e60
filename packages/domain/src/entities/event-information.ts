import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '../config/constants';
import { defineEntity, enableStatus, sortNo, t } from '../kit';

/** What an event information item is about. */
const targetTypes = [
  { value: 'news', label: t('News', '新闻') },
  { value: 'activity', label: t('Activity', '活动') },
  { value: 'content', label: t('Content', '内容') },
] as const;

/** The cover's size on the marketplace's card (the upload's hint, and the console's preview). */
const EVENT_COVER_SIZE = '640x360';

/** The tag shown on the item's card. */
const tags = [
  { value: 'news', label: t('News', '新闻') },
  { value: 'activity', label: t('Activity', '活动') },
] as const;

/** /event_Information/event_Information_list: news and activity items shown on the marketplace, in publish
 * order (a higher order ranks later); the content is rich text kept through the one sanitiser. */
export const eventInformation = defineEntity({
  name: 'event_information',
  behaviour: {
    screens: { 'entity-form': 'marketing/search-pages EventInformationFormPage (marketplace preview)' },
  },
  labels: { singular: t('Event information', '活动资讯'), plural: t('Event information', '活动资讯') },
  permission: { menu: '/event_Information/event_Information_list' },
  groups: {
    basic: { label: t('Event information', '资讯信息') },
    body: { label: t('Content', '正文') },
  },
  fields: {
    title: {
      kind: 'text',
      label: t('Title', '标题'),
      required: true,
      maxLength: 200,
      list: { width: 260 },
      form: { group: 'basic' },
    },
    targetType: {
      kind: 'enum',
      label: t('Type', '类型'),
      options: targetTypes,
      default: 'news',
      required: true,
      list: { filter: 'in', width: 110 },
      form: { group: 'basic' },
    },
    tag: {
      kind: 'enum',
      label: t('Tag', '标签'),
      options: tags,
      default: 'news',
      required: true,
      list: { filter: 'in', width: 110 },
      form: { group: 'basic' },
    },
    source: {
      kind: 'text',
      label: t('Source', '来源'),
      maxLength: 100,
      list: { width: 140 },
      form: { group: 'basic' },
    },
    date: {
      kind: 'date',
      label: t('Date', '日期'),
      required: true,
      list: { sortable: true, filter: 'range', width: 120 },
      form: { group: 'basic' },
    },
    coverImg: {
      kind: 'image',
      label: t('Cover image', '封面图'),
      upload: { maxCount: 1, maxBytes: IMAGE_MAX_BYTES, types: IMAGE_TYPES, sizeHint: EVENT_COVER_SIZE },
      list: { width: 120 },
      form: { group: 'basic', span: 24 },
    },
    sortNo: sortNo({
      label: t('Publish order', '发布排序'),
      form: { group: 'basic', help: t('Higher numbers rank later', '数值越大越靠后') },
    }),
    status: enableStatus({ form: { group: 'basic' } }),
    targetLink: {
      kind: 'text',
      label: t('Link', '跳转链接'),
      format: 'url',
      maxLength: 500,
      list: { shown: false },
      form: { group: 'basic', placeholder: t('https://…', 'https://…') },
    },
    abbrContent: {
      kind: 'longText',
      label: t('Summary', '摘要'),
      maxLength: 500,
      list: { shown: false },
      form: { group: 'body' },
    },
    content: {
      kind: 'richText',
      label: t('Content', '正文'),
      maxLength: 100_000,
      list: { shown: false },
      form: { group: 'body' },
    },
  },
  search: ['title', 'source', 'abbrContent'],
  defaultSort: { field: 'sortNo', order: 'asc' },
  softDelete: true,
  labelField: 'title',
});
