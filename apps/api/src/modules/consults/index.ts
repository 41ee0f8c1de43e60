import type { AppModule } from '../../extensions';
import { createConsultRoute } from './receive';
import { replyToConsult } from './reply';

/** Consults (enquiries): the marketplace's way in for a buyer's new consult, and the reply thread. */
export const consultsModule: AppModule = {
  name: 'consults',
  register: (ext) => {
    ext.openRoute(createConsultRoute);
    ext.command('consult', 'reply', replyToConsult);
  },
};
