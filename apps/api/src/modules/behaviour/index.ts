import type { AppModule } from '../../extensions';
import { ingestEventsRoute } from './ingest';
import { rebuildCountersRoute } from './rebuild';

/** Behaviour data: the marketplace's events, the search history and the counters they move (and their rebuild);
 * demo behaviour. */
export const behaviourModule: AppModule = {
  name: 'behaviour',
  register: (ext) => {
    ext.openRoute(ingestEventsRoute);
    ext.routes(rebuildCountersRoute);
    ext.demoSeed({ name: 'behaviour', run: async (ctx) => (await import('./demo')).seedBehaviourDemo(ctx) });
  },
};

export { COUNTERS_LOCK_KEY, type RebuildResult, rebuildCounters } from './rebuild';
