import type { AppModule } from '../../extensions';
import { announcementOpenRoutes } from './open-routes';

/** Announcements and notices: their definitions give the console screens; this module serves the effective,
 * published ones to the marketplace, counts its reads, and seeds demo data. */
export const announcementsModule: AppModule = {
  name: 'announcements',
  register: (ext) => {
    for (const route of announcementOpenRoutes) ext.openRoute(route);
    ext.demoSeed({
      name: 'announcements',
      run: async (ctx) => (await import('./demo')).seedAnnouncementDemo(ctx),
    });
  },
};
