import type { FastifyPluginAsync } from 'fastify';
import type { AppModule } from '../../extensions';
import { ingestEventsRoute } from './ingest';
import { scheduleProjection } from './projections';
import { rebuildCountersRoute } from './rebuild';

/** Behaviour data: the marketplace's events, the search history and the counters they move (and their rebuild);
 * demo behaviour. */
export const behaviourModule: AppModule = {
  name: 'behaviour',
  register: (ext) => {
    ext.openRoute(ingestEventsRoute);
    ext.routes(rebuildCountersRoute);
    const projection: FastifyPluginAsync = async (app) => scheduleProjection(app, ext.engine);
    ext.routes(projection);
    ext.demoSeed({ name: 'behaviour', run: async (ctx) => (await import('./demo')).seedBehaviourDemo(ctx) });
  },
};

export { drainQueue, type FoldState, foldDeltas, projectQueue } from './projections';
export { COUNTERS_LOCK_KEY, type RebuildResult, rebuildCounters } from './rebuild';
