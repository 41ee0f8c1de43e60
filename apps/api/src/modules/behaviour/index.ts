import type { AppModule } from '../../extensions';
import { ingestEventsRoute } from './ingest';

/** Behaviour data: the marketplace's events, the search history and the counters they move; demo behaviour. */
export const behaviourModule: AppModule = {
  name: 'behaviour',
  register: (ext) => {
    ext.openRoute(ingestEventsRoute);
    ext.demoSeed({ name: 'behaviour', run: async (ctx) => (await import('./demo')).seedBehaviourDemo(ctx) });
  },
};
