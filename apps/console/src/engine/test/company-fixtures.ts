import type { EntityRecord } from '@organiser/domain';

// Records of the supplier entities as the API returns them, for the component tests.

const system = {
  version: 3,
  createdAt: '2025-05-01T08:00:00.000Z',
  updatedAt: '2025-05-02T08:00:00.000Z',
  createdBy: 1,
  updatedBy: 1,
  deletedAt: null,
};

export function companyRecord(overrides: Partial<EntityRecord> = {}): EntityRecord {
  return {
    id: 1,
    ...system,
    name: 'Acme Pumps Co., Ltd.',
    type: 'manufacturer',
    logo: '2025/05/logo.png',
    backgroundImg: '2025/05/bg.png',
    introduce: 'Pumps since 1990.',
    categoryIds: [11],
    categoryIdsLabels: ['Pumps'],
    tags: [3],
    tagsLabels: ['Gold supplier'],
    sortNo: 0,
    status: 'enabled',
    telphone: '86-75512345678',
    email: 'sales@acme.example.com',
    account: 'acme',
    countryCode: 'CN',
    countryName: 'China',
    belong: '440000/440300',
    belongAddress: 'No. 1 Keji Road',
    adImgs: [],
    vipPackageId: 2,
    vipPackageIdLabel: 'Gold',
    companyVideoLimit: 5,
    consultLimit: null,
    consultReplyLimit: null,
    productLimit: null,
    productCardStandoutLimit: null,
    buyRequirementAuthLimit: null,
    siteLetterLimit: null,
    enableConsult: null,
    enableCustomerService: false,
    companyBackgroundStandout: null,
    sendedEmail: true,
    auditStatus: 'pending',
    isPublic: false,
    completeInfoStatus: true,
    source: 'console',
    shareNum: 1,
    collectNum: 2,
    consultNum: 3,
    effective: {
      companyVideoLimit: { value: 5, source: 'company' },
      consultLimit: { value: 20, source: 'vip_package' },
      consultReplyLimit: { value: null, source: 'none' },
      productLimit: { value: 50, source: 'vip_package' },
      productCardStandoutLimit: { value: 0, source: 'vip_package' },
      buyRequirementAuthLimit: { value: 5, source: 'vip_package' },
      siteLetterLimit: { value: 20, source: 'vip_package' },
      enableConsult: { value: true, source: 'vip_package' },
      enableCustomerService: { value: false, source: 'company' },
      companyBackgroundStandout: { value: false, source: 'vip_package' },
    },
    ...overrides,
  };
}

export function vipPackageRecord(overrides: Partial<EntityRecord> = {}): EntityRecord {
  return {
    id: 2,
    ...system,
    enName: 'Gold',
    zhName: '金牌',
    price: 100,
    durationMonths: 12,
    sortNo: 0,
    status: 'enabled',
    benefits: null,
    companyVideoLimit: 1,
    consultLimit: 20,
    consultReplyLimit: null,
    productLimit: 50,
    productCardStandoutLimit: 0,
    buyRequirementAuthLimit: 5,
    siteLetterLimit: 20,
    enableConsult: true,
    enableCustomerService: true,
    companyBackgroundStandout: false,
    ...overrides,
  };
}

export function categoryRecord(id: number, en: string, zh: string, parentId: number | null, sortNo = 0) {
  return { id, ...system, enName: en, zhName: zh, parentId, icon: null, sortNo, status: 'enabled' };
}

export function contactRecord(overrides: Partial<EntityRecord> = {}): EntityRecord {
  return {
    id: 8,
    ...system,
    name: 'Li Lei',
    companyId: 7,
    companyIdLabel: 'Acme',
    mobile: '13900000001',
    position: 'Sales manager',
    email: 'li@acme.example.com',
    avatar: null,
    isDefault: true,
    status: 'enabled',
    remark: null,
    ...overrides,
  };
}

export const regions = [
  {
    code: 'CN',
    name: { en: 'China', zh: '中国' },
    children: [
      {
        code: '440000',
        name: { en: 'Guangdong', zh: '广东省' },
        children: [{ code: '440300', name: { en: 'Shenzhen', zh: '深圳市' } }],
      },
    ],
  },
  { code: 'DE', name: { en: 'Germany', zh: '德国' } },
];
