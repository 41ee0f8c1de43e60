import type { AppModule } from '../../extensions';
import { createConsultRoute } from './receive';

/** Consults (enquiries): the marketplace's way in for a buyer's new consult. */
export const consultsModule: AppModule = {
  name: 'consults',
  register: (ext) => {
    ext.openRoute(createConsultRoute);
  },
};
