import type { AppModule } from '../../extensions';
import { ingestEventsRoute } from './ingest';

/** Behaviour data: the marketplace's events, the search history and the counters they move. */
export const behaviourModule: AppModule = {
  name: 'behaviour',
  register: (ext) => {
    ext.openRoute(ingestEventsRoute);
  },
};
