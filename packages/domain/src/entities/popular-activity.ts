import { counter, defineEntity, enableStatus, media, sortNo, t, targetRelation, targetState } from '../kit';

/** /popular_activities/popular_activities_list: a marketing activity of the marketplace (its icon 136x76, an
 * optional mark), enabled or disabled, in sort order (a higher number ranks later), holding its sub-activities. */
export const popularActivity = defineEntity({
  name: 'popular_activity',
  labels: { singular: t('Popular activity', '热门活动'), plural: t('Popular activities', '热门活动') },
  permission: { menu: '/popular_activities/popular_activities_list' },
  behaviour: {
    // the marketplace's cached reads of marketing content are forgotten after every write
    hooks: { marketing: ['afterCommit: announceMarketingChange'] },
    screens: {
      'entity-list': 'marketing/marketing-pages PopularActivityListPage (row action: sub-activities)',
    },
  },
  fields: {
    title: {
      kind: 'text',
      label: t('Title', '标题'),
      required: true,
      maxLength: 100,
      list: { width: 220 },
    },
    content: {
      kind: 'longText',
      label: t('Description', '活动描述'),
      maxLength: 1000,
      list: { shown: false },
    },
    sortNo: sortNo(),
    avatar: media.image(t('Image', '活动图片'), { list: { width: 100 } }),
    marketingIcon: media.image(t('Marketing icon', '营销图标'), { sizeHint: '136x76', list: { width: 100 } }),
    isShowMark: { kind: 'boolean', label: t('Show mark', '显示角标'), default: false, list: { width: 100 } },
    status: enableStatus(),
    // the live sub-activities, kept by every write of a sub-activity
    itemCount: counter(t('Items', '子活动数')),
  },
  search: ['title'],
  defaultSort: { field: 'sortNo', order: 'asc' },
  softDelete: true,
  labelField: 'title',
});

const subTypes = [
  { value: 'company', label: t('Company', '企业') },
  { value: 'product', label: t('Product', '产品') },
  { value: 'out_link', label: t('External link', '外部链接') },
  { value: 'new_product', label: t('New product', '新品') },
  { value: 'image_text', label: t('Image and text', '图文') },
] as const;

/** A sub-activity of a popular activity: what one of its cards shows. Each type has its own fields: a company
 * or a product picks a real record, an external link its http(s) address, a new product a product and its
 * showcase title, an image-text card its rich content. The name, remark and image are asked of every type
 * (a required field counts only when the deployment does not hide it). Ordered by `sortNo` within the activity. */
export const popularSubActivity = defineEntity({
  name: 'popular_sub_activity',
  labels: { singular: t('Sub-activity', '子活动'), plural: t('Sub-activities', '子活动') },
  permission: { menu: '/popular_activities/popular_advertising_add/:id' },
  behaviour: {
    // the activity's item count is kept, and the marketplace's cached reads forgotten, by every write
    hooks: { marketing: ['afterWrite: keepItemCount', 'afterCommit: announceMarketingChange'] },
  },
  fields: {
    activityId: {
      kind: 'relation',
      label: t('Popular activity', '热门活动'),
      to: 'popular_activity',
      labelField: 'title',
      required: true,
      readOnlyOnEdit: true,
      list: { filter: 'eq', width: 180 },
    },
    targetName: {
      kind: 'text',
      label: t('Name', '名称'),
      required: true,
      maxLength: 100,
      list: { width: 200 },
    },
    type: {
      kind: 'enum',
      label: t('Type', '类型'),
      options: subTypes,
      default: 'company',
      required: true,
      list: { filter: 'in', width: 110 },
    },
    companyId: targetRelation('company', ['company'], 200),
    productId: targetRelation('product', ['product', 'new_product'], 200),
    url: {
      kind: 'text',
      label: t('Link', '链接'),
      format: 'url',
      required: true,
      maxLength: 500,
      onlyWhen: { field: 'type', in: ['out_link'] },
      list: { width: 200 },
      form: { placeholder: t('https://…', 'https://…') },
    },
    title: {
      kind: 'text',
      label: t('Showcase title', '展示标题'),
      required: true,
      maxLength: 100,
      onlyWhen: { field: 'type', in: ['new_product'] },
      list: { shown: false },
    },
    content: {
      kind: 'richText',
      label: t('Content', '图文内容'),
      required: true,
      maxLength: 100_000,
      onlyWhen: { field: 'type', in: ['image_text'] },
      list: { shown: false },
    },
    remark: {
      kind: 'text',
      label: t('Remark', '备注'),
      required: true,
      maxLength: 200,
      list: { width: 160 },
    },
    avatar: media.image(t('Image', '图片'), { required: true, list: { width: 100 } }),
    sortNo: sortNo(),
    // the picked company's or product's state, read from it when the record is read
    targetState: targetState(),
  },
  search: ['targetName', 'remark'],
  defaultSort: { field: 'sortNo', order: 'asc' },
  softDelete: true,
  labelField: 'targetName',
  parent: { entity: 'popular_activity', field: 'activityId', order: 'sortNo' },
});
