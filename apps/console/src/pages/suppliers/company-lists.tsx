import { EntityListPage, type ListSlots, pageLinkAction } from '../../engine';
import type { PageProps } from '../../navigation/page-props';
import { supplierTextsIn } from './messages';

// The company lists with the row actions that lead to the supplier pages about one company: its
// customer-service contacts from the company list, its audit from the audit queue.

const companySlots: ListSlots = {
  rowActions: (record, ctx) =>
    pageLinkAction(ctx, {
      page: 'CustomerServiceEdit',
      key: 'CustomerServiceEdit',
      label: supplierTextsIn(ctx.meta.lang)('pages.customerService'),
      id: record.id,
    }),
};

const auditSlots: ListSlots = {
  rowActions: (record, ctx) =>
    pageLinkAction(ctx, {
      page: 'CompanyAuditEdit',
      key: 'CompanyAuditEdit',
      label: supplierTextsIn(ctx.meta.lang)('pages.audit'),
      id: record.id,
    }),
};

export const CompanyListPage = (props: PageProps) => <EntityListPage {...props} slots={companySlots} />;
export const CompanyAuditListPage = (props: PageProps) => <EntityListPage {...props} slots={auditSlots} />;
