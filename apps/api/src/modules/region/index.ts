import { registerReferenceSeed } from '../../db/seed';
import { seedRegions } from './seed';

// The region list (spec §7 `GET /region/list_all`): reference data every deployment needs, seeded at start.
registerReferenceSeed({
  name: 'region',
  run: async ({ db, log }) => {
    const written = await seedRegions(db);
    if (written) log(`reference data: ${written} regions`);
  },
});

export { loadRegionTree, type RegionNode, regionRoutes } from './routes';
export { seedRegions } from './seed';
