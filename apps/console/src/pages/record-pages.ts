import type { EngineMessageKey } from '../messages';

// Named pages about one record (`…/:id`), beside the generic edit form: the entity whose list links to them with a
// row action, and the action's text. The generic list adds the action for each such page the user may open.

export type RecordPage = {
  /** `view.page` of the catalogue route. */
  page: string;
  /** The entity whose records the page's `:id` names. */
  entity: string;
  /** The row action's text. */
  label: EngineMessageKey;
};

export const recordPages: RecordPage[] = [
  // spec §2 /companyAudit/companyAudit_edit/{id}
  { page: 'CompanyAuditEdit', entity: 'company_audit', label: 'pages.audit' },
  // spec §2 /customer_service/customer_service_edit/{id}: the contacts of company {id}, from the company's row
  { page: 'CustomerServiceEdit', entity: 'company', label: 'pages.customerService' },
];
