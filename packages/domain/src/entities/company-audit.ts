import { auditMachine, defineView, t } from '../kit';
import { company, companyAuditFieldNames } from './company';

/** /companyAudit (companyAudit_list, companyAudit_edit/{id}), the audit: the companies as the audit
 * queue sees them. pass / refuse (with its reason) and their batches on ids or on every company matching the
 * list's filter; each decision is recorded on the company (who, when, the reason) and in its history. */
export const companyAudit = defineView(company, {
  name: 'company_audit',
  labels: { singular: t('Company audit', '企业审核'), plural: t('Company audit', '企业审核') },
  permission: { menu: '/companyAudit/companyAudit_list' },
  // what the server modules and the console add to this definition (listed, so it is found from here)
  behaviour: {
    // the company is told it passed or was refused, by its notification template
    hooks: { letters: ['afterCommit: notifyCompanyAudit'] },
    screens: { 'entity-list': 'suppliers/company-lists CompanyAuditListPage (row action: the audit page)' },
  },
  // every field, the audit status right after the company's name so it shows without scrolling the list
  pick: [
    'name',
    'auditStatus',
    ...Object.keys(company.fields).filter((n) => n !== 'name' && n !== 'auditStatus'),
  ],
  override: {
    // the pass / refuse machine of the company's audit, recording each decision in the company's audit fields
    auditStatus: auditMachine(companyAuditFieldNames, { form: { group: 'audit' } }),
  },
  defaultSort: { field: 'updatedAt', order: 'desc' },
  // the queue opens on the companies waiting for a decision
  defaultFilters: { auditStatus: 'pending' },
});
