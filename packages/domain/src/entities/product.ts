import { SHORT_CONTENT_MAX } from '../config/constants';
import {
  auditFields,
  counter,
  defineEntity,
  enableStatus,
  inGroup,
  media,
  numberedTexts,
  sortNo,
  t,
} from '../kit';

const device = { field: 'kind', in: ['device'] } as const;
const material = { field: 'kind', in: ['material', 'subMaterial'] } as const;
const subMaterial = { field: 'kind', in: ['subMaterial'] } as const;

/** The product kinds: a device, a material, and a sub-material (a grade or cut of a parent material). */
export const PRODUCT_KINDS = ['device', 'material', 'subMaterial'] as const;

/**
 * /productManage (product_list, product/product_add, product/product_edit/{id}): a company's product. Its
 * kind decides which specification fields it has (a device's model and power, a material's grade and
 * specification; a sub-material names its parent material). A supplier account sees and edits only its own
 * company's products; every new product, and every supplier edit of a passed or refused one, waits for the
 * organiser's audit (pass / refuse with a remark, on the product list). A product is public when its audit
 * passed, it is enabled and its company is public (`publicProductCondition` in the products module).
 * A company has at most its product limit of live products, and its standout limit of them with a standout card.
 */
export const product = defineEntity({
  name: 'product',
  labels: { singular: t('Product', '产品'), plural: t('Products', '产品') },
  permission: { menu: '/productManage/product_list' },
  // what the server modules and the console add to this definition (listed, so it is found from here)
  behaviour: {
    // checkProduct: category levels, a sub-material's parent material of the same company
    // notifyProductRefused: the company is told its product was refused, by its notification template
    hooks: { products: ['beforeWrite: checkProduct'], letters: ['afterCommit: notifyProductRefused'] },
  },
  groups: {
    basic: { label: t('Product', '产品信息') },
    spec: { label: t('Specification', '规格参数') },
    trade: { label: t('Price and origin', '价格与产地') },
    media: { label: t('Images and video', '图片与视频') },
    detail: { label: t('Description', '产品详情') },
    audit: { label: t('Audit and statistics', '审核与统计') },
  },
  // the list shows by default what a product is worked by: its name, company, status, price and audit status
  // (with the actions beside them at 1440 px); the other columns are in the column settings
  defaultColumns: ['name', 'companyId', 'status', 'price', 'auditStatus'],
  fields: {
    ...inGroup('basic', {
      name: {
        kind: 'text',
        label: t('Product name', '产品名称'),
        required: true,
        maxLength: 200,
        list: { sortable: true, width: 240 },
      },
      enName: { kind: 'text', label: t('English name', '英文名称'), maxLength: 200 },
      zhName: { kind: 'text', label: t('Chinese name', '中文名称'), maxLength: 200 },
      kind: {
        kind: 'enum',
        label: t('Product kind', '产品类型'),
        options: [
          { value: 'device', label: t('Device', '设备') },
          { value: 'material', label: t('Material', '材料') },
          { value: 'subMaterial', label: t('Sub-material', '子材料') },
        ],
        default: 'device',
        list: { filter: 'in', width: 110 },
      },
      parentId: {
        kind: 'relation',
        label: t('Parent material', '所属材料'),
        to: 'product',
        labelField: 'name',
        required: true,
        onlyWhen: subMaterial,
        where: { field: 'kind', in: ['material'] },
        list: { filter: 'eq' },
        form: { help: t('A material product of the same company', '同一企业的材料类产品') },
      },
      companyId: {
        kind: 'relation',
        label: t('Company', '所属企业'),
        to: 'company',
        labelField: 'name',
        required: true,
        list: { filter: 'eq', width: 200 },
      },
      companyName: {
        // kept from the company on every write (and when the company is renamed), so the keyword finds it
        kind: 'text',
        label: t('Company name', '企业名称'),
        computed: true,
        maxLength: 200,
      },
      categoryId1: {
        kind: 'relation',
        label: t('Category', '一级分类'),
        to: 'product_category',
        labelField: 'name',
        required: true,
        topLevel: true,
        list: { filter: 'eq', width: 140 },
        form: { help: t('A top-level category', '一级产品分类') },
      },
      categoryId: {
        kind: 'relation',
        label: t('Sub-category', '二级分类'),
        to: 'product_category',
        labelField: 'name',
        under: 'categoryId1',
        list: { filter: 'eq', width: 140 },
        form: { help: t('A category under the top-level one', '所选一级分类下的二级分类') },
      },
      logo: media.image(t('Product image', '产品主图'), {
        sizeHint: '227x227',
        required: true,
        list: { width: 100 },
      }),
      shortContent: {
        kind: 'text',
        label: t('Short description', '产品简介'),
        required: true,
        maxLength: SHORT_CONTENT_MAX,
      },
      brand: {
        kind: 'text',
        label: t('Brand', '品牌'),
        required: true,
        maxLength: 100,
        list: { width: 120 },
      },
      belongAddress: { kind: 'text', label: t('Location', '所在地'), required: true, maxLength: 300 },
      tags: {
        kind: 'relationMany',
        label: t('Tags', '产品标签'),
        to: 'product_tag',
        labelField: 'name',
        maxCount: 5,
        list: { filter: 'in', width: 160 },
      },
      // no default width and no help under it, as the product form has always shown it
      sortNo: sortNo({ list: { sortable: true }, form: {} }),
      hot: {
        kind: 'boolean',
        label: t('Hot', '热门'),
        default: false,
        organiserOnly: true,
        list: { filter: 'eq', width: 80 },
      },
      cardStandout: {
        kind: 'boolean',
        label: t('Standout card', '卡片突出展示'),
        default: false,
        list: { filter: 'eq' },
        form: {
          help: t(
            'The company has at most its standout limit of standout cards at once',
            '企业同时突出展示的产品卡片不超过其突出展示限额',
          ),
        },
      },
      status: enableStatus(),
    }),

    ...inGroup('spec', {
      model: { kind: 'text', label: t('Model', '型号'), required: true, maxLength: 100, onlyWhen: device },
      power: {
        kind: 'decimal',
        label: t('Power (kW)', '功率（kW）'),
        min: 0,
        max: 1_000_000,
        scale: 2,
        onlyWhen: device,
      },
      voltage: { kind: 'text', label: t('Voltage', '电压'), maxLength: 50, onlyWhen: device },
      warrantyMonths: {
        kind: 'integer',
        label: t('Warranty (months)', '质保期（月）'),
        min: 0,
        max: 600,
        onlyWhen: device,
      },
      grade: { kind: 'text', label: t('Grade', '牌号'), required: true, maxLength: 100, onlyWhen: material },
      specification: { kind: 'text', label: t('Specification', '规格'), maxLength: 200, onlyWhen: material },
      density: {
        kind: 'decimal',
        label: t('Density (g/cm³)', '密度（g/cm³）'),
        min: 0,
        max: 100,
        scale: 3,
        onlyWhen: material,
      },
      args: {
        kind: 'json',
        label: t('Basic parameters', '基本参数'),
        parts: {
          address: { kind: 'text', label: t('Address', '地址'), maxLength: 200 },
          birthday: { kind: 'date', label: t('Date of manufacture', '生产日期') },
          size: { kind: 'text', label: t('Size', '尺寸'), maxLength: 100 },
        },
      },
      ...numberedTexts('arg', 6, t('Parameter', '参数'), { maxLength: 200 }),
      otherParams: { kind: 'longText', label: t('Other parameters', '其他参数'), maxLength: 2000 },
      dynamicFormGroupCode: {
        kind: 'text',
        label: t('Parameter form', '参数表单'),
        maxLength: 50,
        form: { widget: 'dynamicFormGroup' },
      },
      dynamicFormValues: {
        kind: 'dynamicForm',
        groupField: 'dynamicFormGroupCode',
        category: 'product',
        label: t('Parameter form values', '参数表单内容'),
        column: 'dynamic_form_values',
      },
    }),

    ...inGroup('trade', {
      price: { kind: 'money', label: t('Price', '价格'), min: 0, list: { sortable: true, width: 110 } },
      priceUnit: { kind: 'dict', label: t('Unit', '计价单位'), dict: 'product_unit' },
      priceTerm: { kind: 'dict', label: t('Price term', '价格条款'), dict: 'price_term' },
      minOrder: { kind: 'integer', label: t('Minimum order', '起订量'), min: 0, max: 1_000_000_000 },
      placeOfOrigin: {
        kind: 'dict',
        label: t('Place of origin', '产地'),
        dict: 'place_of_origin',
        list: { filter: 'eq' },
      },
    }),

    ...inGroup('media', {
      imgs: media.images(t('Product images', '产品图片'), { sizeHint: '227x227' }),
      adImgs: media.images(t('Advertising images', '广告图'), { sizeHint: '58x58' }),
      adVideos: media.video(t('Product video', '产品视频'), { sizeHint: '360x360' }),
      attachments: media.attachments(t('Attachments', '附件')),
    }),

    ...inGroup('detail', {
      content: { kind: 'richText', label: t('Details', '产品详情'), required: true, maxLength: 100_000 },
    }),

    ...inGroup('audit', {
      ...auditFields(
        { status: 'auditStatus', remark: 'auditRemark', by: 'auditUser', at: 'auditTime' },
        { decidedOn: 'record', onEdit: { from: ['passed', 'refused'], to: 'pending', by: 'scoped' } },
      ),
      isPublic: {
        kind: 'boolean',
        label: t('Passed and enabled', '已通过且启用'),
        computed: true,
        derive: {
          kind: 'all',
          when: [
            { field: 'auditStatus', in: ['passed'] },
            { field: 'status', in: ['enabled'] },
          ],
        },
        list: { filter: 'eq' },
        form: { help: t('Shown to buyers when its company is public too', '企业同时前台可见时向买家展示') },
      },
      source: {
        kind: 'enum',
        label: t('Source', '来源'),
        options: [
          { value: 'console', label: t('Added by the organiser', '后台添加') },
          { value: 'supplier', label: t('Added by the supplier', '供应商添加') },
          { value: 'copy', label: t('Copied from another company', '从其他企业复制') },
        ],
        default: 'console',
        computed: true,
        list: { filter: 'in' },
      },
      sourceCompanyId: {
        kind: 'relation',
        label: t('Copied from company', '来源企业'),
        to: 'company',
        labelField: 'name',
        computed: true,
      },
      collectNum: counter(t('Favourites', '收藏数'), {
        column: 'collect_num',
        list: { sortable: true },
      }),
      shareNum: counter(t('Shares', '分享数'), {
        column: 'share_num',
        // not sortable and without a set width, as this column has always been
        list: {},
      }),
      clickNum: counter(t('Clicks', '点击数'), {
        column: 'click_num',
        list: { sortable: true },
      }),
    }),
  },
  search: ['name', 'enName', 'zhName', 'brand', 'shortContent', 'companyName'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  softDelete: true,
  labelField: 'name',
  labelImage: 'logo',
  scope: { field: 'companyId' },
  quotas: [
    { key: 'product', counts: 'records', limit: { entity: 'company', field: 'productLimit' } },
    {
      key: 'productCardStandout',
      counts: { set: 'cardStandout' },
      limit: { entity: 'company', field: 'productCardStandoutLimit' },
    },
  ],
});
