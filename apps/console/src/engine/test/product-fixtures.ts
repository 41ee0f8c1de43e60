import type { EntityRecord } from '@organiser/domain';

// A product as the API returns it (a device of a company, in a two-level category, with a parameter form),
// and the answers its edit form loads, for the component tests.

export function productRecord(overrides: Partial<EntityRecord> = {}): EntityRecord {
  return {
    id: 21,
    version: 4,
    createdAt: '2025-05-01T08:00:00.000Z',
    updatedAt: '2025-05-02T08:00:00.000Z',
    createdBy: 1,
    updatedBy: 1,
    deletedAt: null,
    name: 'Centrifugal pump CP-50',
    enName: 'Centrifugal pump CP-50',
    zhName: '离心泵 CP-50',
    kind: 'device',
    parentId: null,
    parentIdLabel: null,
    companyId: 1,
    companyIdLabel: 'Acme Pumps Co., Ltd.',
    companyName: 'Acme Pumps Co., Ltd.',
    categoryId1: 31,
    categoryId1Label: 'Machinery',
    categoryId: 32,
    categoryIdLabel: 'Pumps',
    logo: '2025/05/pump.png',
    shortContent: 'A single-stage centrifugal pump.',
    brand: 'Acme',
    belongAddress: 'Shenzhen',
    tags: [],
    tagsLabels: [],
    sortNo: 0,
    hot: false,
    cardStandout: false,
    status: 'enabled',
    model: 'CP-50',
    power: 7.5,
    voltage: null,
    warrantyMonths: 12,
    grade: null,
    specification: null,
    density: null,
    args: null,
    arg1: null,
    arg2: null,
    arg3: null,
    arg4: null,
    arg5: null,
    arg6: null,
    otherParams: null,
    dynamicFormGroupCode: null,
    dynamicFormValues: null,
    price: 1200,
    priceUnit: null,
    priceTerm: null,
    minOrder: 1,
    placeOfOrigin: null,
    imgs: [],
    adImgs: [],
    adVideos: null,
    attachments: [],
    content: '<p>Made of cast iron.</p>',
    auditStatus: 'passed',
    auditRemark: null,
    auditUser: 'tester',
    auditTime: '2025-05-02T08:00:00.000Z',
    isPublic: true,
    source: 'console',
    sourceCompanyId: null,
    sourceCompanyIdLabel: null,
    collectNum: 0,
    shareNum: 0,
    clickNum: 0,
    ...overrides,
  };
}

const option = (value: string, en: string, zh: string) => ({ value, label: { en, zh } });

/** The enabled items of the dictionaries the product form chooses from. */
export const productDictionaries: Record<string, ReturnType<typeof option>[]> = {
  product_unit: [option('set', 'Set', '台'), option('piece', 'Piece', '件')],
  price_term: [option('FOB', 'FOB', '离岸价'), option('CIF', 'CIF', '到岸价')],
  place_of_origin: [option('CN', 'China', '中国'), option('DE', 'Germany', '德国')],
};

/** The groups of product parameter forms that have inputs. */
export const productFormGroups = [
  { groupCode: 'fabric', inputs: 1 },
  { groupCode: 'machine', inputs: 2 },
];

const input = (code: string, type: string, en: string, zh: string, extra: Record<string, unknown> = {}) => ({
  code,
  type,
  label: { en, zh },
  options: [],
  required: false,
  min: null,
  max: null,
  maxLength: null,
  filterable: false,
  sortNo: 0,
  ...extra,
});

/** The inputs of each product parameter form. */
export const productFormInputs: Record<string, ReturnType<typeof input>[]> = {
  machine: [
    input('power', 'number', 'Power (kW)', '功率（千瓦）', { min: 0, max: 100 }),
    input('voltage', 'select', 'Voltage', '电压', {
      options: [option('220V', '220 V', '220 伏'), option('380V', '380 V', '380 伏')],
    }),
  ],
  fabric: [input('composition', 'text', 'Composition', '成分')],
};

/** The product categories, as the two-level tree the form's category selects load. */
export const productCategories = [
  {
    id: 31,
    parentId: null,
    name: 'Machinery',
    enName: 'Machinery',
    zhName: '机械',
    sortNo: 0,
    status: 'enabled',
  },
  { id: 32, parentId: 31, name: 'Pumps', enName: 'Pumps', zhName: '泵', sortNo: 0, status: 'enabled' },
];
