import type { EntityDef } from '../kit/types';
import { supplierOverview } from './supplier-overview';

/** Every report (`defineReport`), by API name. Reports have no table: a module serves each with its query. */
export const reports: Record<string, EntityDef> = {
  supplier_overview: supplierOverview,
};

export { supplierOverview };
