import type { EntityDef } from '../kit/types';
import { supplierOverview } from './supplier-overview';

/** Every report (`defineReport`), by API name. Reports have no table: a module serves each with its query. */
export const reports: Record<string, EntityDef> = {
  supplier_overview: supplierOverview,
};

/** The report behind an API name or a route's `view.entity`. */
export function getReport(name: string): EntityDef | undefined {
  return Object.hasOwn(reports, name) ? reports[name] : undefined;
}

export { supplierOverview };
