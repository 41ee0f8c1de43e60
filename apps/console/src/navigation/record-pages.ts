// Named pages about one record (`…/:id`), beside the generic edit form, and the entity whose records their `:id`
// names. The menu uses it to turn a supplier's pages about its own company into entries of their own; the lists
// that link to them add their row actions as slot contributions (pages/suppliers/company-lists.tsx).

export type RecordPage = {
  /** `view.page` of the catalogue route. */
  page: string;
  /** The entity whose records the page's `:id` names. */
  entity: string;
};

export const recordPages: RecordPage[] = [
  // /companyAudit/companyAudit_edit/{id}
  { page: 'CompanyAuditEdit', entity: 'company_audit' },
  // /customer_service/customer_service_edit/{id}: the contacts of company {id}, from the company's row
  { page: 'CustomerServiceEdit', entity: 'company' },
];
