import { t } from '../kit/bilingual';
import { defineReport } from '../kit/define-entity';
import { auditStatus } from '../kit/presets';

const { machine: _, ...auditField } = auditStatus();

/**
 * How many suppliers there are, grouped by audit status, company category or country, optionally per day,
 * week or month of their registration (`createdAt`). The count links to the company list filtered to the
 * companies behind the row. Read behind its own menu, beside the company list.
 */
export const supplierOverview = defineReport({
  name: 'supplier_overview',
  labels: { singular: t('Supplier overview', '供应商概览'), plural: t('Supplier overview', '供应商概览') },
  permission: { menu: '/company/supplier_overview' },
  fields: {
    group: { kind: 'text', label: t('Group', '分组'), list: { sortable: true, width: 220 } },
    auditStatus: {
      ...auditField,
      label: t('Audit status', '审核状态'),
      list: { filter: 'in', width: 110, shown: false },
    },
    categoryId: { kind: 'integer', label: t('Category ID', '分类 ID'), list: { shown: false } },
    countryCode: { kind: 'text', label: t('Country code', '国家代码'), list: { shown: false } },
    periodStart: { kind: 'date', label: t('Period from', '起始日期'), list: { sortable: true, width: 120 } },
    periodEnd: { kind: 'date', label: t('Period to', '截止日期'), list: { width: 120 } },
    companies: { kind: 'integer', label: t('Companies', '企业数'), list: { sortable: true, width: 110 } },
  },
  defaultSort: { field: 'companies', order: 'desc' },
  labelField: 'group',
  params: {
    groupBy: [
      { value: 'auditStatus', label: t('Audit status', '审核状态') },
      { value: 'category', label: t('Category', '企业分类') },
      { value: 'country', label: t('Country', '国家') },
    ],
    period: { granularity: ['month', 'week', 'day'] },
  },
  drill: {
    companies: {
      menu: '/company/company_list',
      filters: {
        auditStatus: 'auditStatus',
        categoryIds: 'categoryId',
        countryCode: 'countryCode',
        createdAtFrom: 'periodStart',
        createdAtTo: 'periodEnd',
      },
    },
  },
});
