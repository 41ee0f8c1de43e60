import type { EntityDef } from '../kit/types';
import { emailLog } from './email-log';
import { ossLogReport, smsLogReport } from './message-logs';
import { searchKeywords } from './search-keywords';
import { supplierOverview } from './supplier-overview';
import { supplierStatistics } from './supplier-statistics';
import { systemLogReport } from './system-log';
import { userConduct } from './user-conduct';
import {
  collectCompany,
  collectProduct,
  companyByStat,
  companyConduct,
  productByStat,
  productConduct,
} from './user-conduct-details';

/** Every report (`defineReport`), by API name. Reports have no table: a module serves each with its query. */
export const reports: Record<string, EntityDef> = {
  supplier_overview: supplierOverview,
  page_view: supplierStatistics,
  user_conduct: userConduct,
  c_user_conduct: companyConduct,
  p_user_conduct: productConduct,
  collect_company: collectCompany,
  company_by_stat: companyByStat,
  collect_product: collectProduct,
  product_by_stat: productByStat,
  system_log: systemLogReport,
  sms_log: smsLogReport,
  oss_log: ossLogReport,
  email_log: emailLog,
  search_keyword: searchKeywords,
};

/** The report behind an API name or a route's `view.entity`. */
export function getReport(name: string): EntityDef | undefined {
  return Object.hasOwn(reports, name) ? reports[name] : undefined;
}

export {
  type PeriodInAddress,
  periodInAddress,
  STATISTICS_DEFAULT_DAYS,
  STATISTICS_MAX_DAYS,
} from './supplier-statistics';
export {
  collectCompany,
  collectProduct,
  companyByStat,
  companyConduct,
  emailLog,
  ossLogReport,
  productByStat,
  productConduct,
  searchKeywords,
  smsLogReport,
  supplierOverview,
  supplierStatistics,
  systemLogReport,
  userConduct,
};
