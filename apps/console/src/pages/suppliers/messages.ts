import type { Language } from '@organiser/domain';
import { textsIn, useTexts } from '../../i18n/texts';

// The supplier pages' own texts (the i18next namespace `suppliers`): the company audit, the customer-service contacts, and the row actions that
// lead to them from the company lists.

export const en = {
  'pages.audit': 'Audit',
  'pages.customerService': 'Customer service',
  'audit.decision': 'Decision',
  'audit.decisions': 'Previous decisions',
  'audit.noDecisions': 'No decision has been taken yet',
  'audit.reason': 'Reason: {{reason}}',
  'audit.resubmittedByEdit': 'Resubmitted by an edit',
  'audit.noActions': 'No decision can be taken in this status',
  'audit.back': 'Back to the audit list',
  'contacts.company': 'Company: {{name}}',
  'contacts.empty': 'No contacts yet: add the first one, it becomes the default contact',
  'contacts.default': 'Default',
  'contacts.back': 'Back to the companies',
} as const;

export type SupplierTextKey = keyof typeof en;

export const zh: Record<SupplierTextKey, string> = {
  'pages.audit': '审核',
  'pages.customerService': '客服',
  'audit.decision': '审核操作',
  'audit.decisions': '审核记录',
  'audit.noDecisions': '暂无审核记录',
  'audit.reason': '原因：{{reason}}',
  'audit.resubmittedByEdit': '修改后重新提交',
  'audit.noActions': '当前状态下无可执行的审核操作',
  'audit.back': '返回审核列表',
  'contacts.company': '所属企业：{{name}}',
  'contacts.empty': '暂无联系人：新增的第一个联系人即为默认联系人',
  'contacts.default': '默认',
  'contacts.back': '返回企业列表',
};

/** The supplier texts in one language (for a row action's label, built outside a component). */
export const supplierTextsIn = (lang: Language) => textsIn<SupplierTextKey>('suppliers', lang);
export const useSupplierText = () => useTexts<SupplierTextKey>('suppliers');
