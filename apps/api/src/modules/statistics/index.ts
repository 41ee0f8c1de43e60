import type { AppModule } from '../../extensions';
import { searchKeywordRoutes } from './search-keywords';
import { supplierStatisticsRoutes } from './supplier-statistics';
import { userConductRoutes } from './user-conduct';
import { userConductDetailRoutes } from './user-conduct-details';

/** Behaviour statistics: the rollups the ingestion keeps (rollups.ts, rebuild.ts) and the screens reading them. */
export const statisticsModule: AppModule = {
  name: 'statistics',
  register: (ext) => {
    ext.routes(supplierStatisticsRoutes);
    ext.routes(userConductRoutes);
    ext.routes(userConductDetailRoutes);
    ext.routes(searchKeywordRoutes);
  },
};
