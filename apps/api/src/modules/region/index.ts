import type { AppModule } from '../../extensions';
import { regionRoutes } from './routes';
import { seedRegions } from './seed';

/** The region list (`GET /region/list_all`): reference data every deployment needs, seeded at start. */
export const regionModule: AppModule = {
  name: 'region',
  register: (ext) => {
    ext.routes(regionRoutes);
    ext.referenceSeed({
      name: 'region',
      run: async ({ db, log }) => {
        const written = await seedRegions(db);
        if (written) log(`reference data: ${written} regions`);
      },
    });
  },
};

export { loadRegionTree, type RegionNode, regionRoutes } from './routes';
export { seedRegions } from './seed';
