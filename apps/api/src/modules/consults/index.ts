import type { AppModule } from '../../extensions';
import { buyerConsultsRoute, readRepliesRoute } from './open-reads';
import { createConsultRoute } from './receive';
import { replyToConsult } from './reply';
import { threadRoutes } from './thread';

/** Consults (enquiries): the marketplace's way in for a buyer's new consult, and the reply thread. */
export const consultsModule: AppModule = {
  name: 'consults',
  register: (ext) => {
    ext.openRoute(createConsultRoute);
    ext.command('consult', 'reply', replyToConsult);
    ext.routes(threadRoutes);
    ext.demoSeed({ name: 'consults', run: async (ctx) => (await import('./demo')).seedConsultDemo(ctx) });
    ext.openRoute(buyerConsultsRoute);
    ext.openRoute(readRepliesRoute);
  },
};
