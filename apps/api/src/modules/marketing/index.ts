import { invalidateShared } from '../../access/auth-cache';
import type { AppModule } from '../../extensions';
import { createStorage } from '../../storage';
import { hotWordAnswer, targetAnswer } from './answers';
import { checkAdvertisingLimit, keepItemCount } from './limits';
import { MARKETING_TOPIC, marketingOpenRoutes } from './open-routes';

// Marketing content on the engine (popular activities and their sub-activities, hot words, recommended searches
// and their advertising objects): the limit on a keyword's objects, an activity's item count, what the records
// show of the companies and products they point at, the marketplace's cached reads, and demo data.

/** Every committed write of these records makes the marketplace's cached reads of them stale, on every node. */
function announceMarketingChange(): void {
  invalidateShared(MARKETING_TOPIC);
}

export const marketingModule: AppModule = {
  name: 'marketing',
  register: (ext) => {
    for (const entity of ['popular_activity', 'search_top', 'recommend_search'])
      ext.hooks(entity, { afterCommit: announceMarketingChange });
    ext.hooks('popular_sub_activity', { afterWrite: keepItemCount, afterCommit: announceMarketingChange });
    ext.hooks('recommend_advertising', {
      afterWrite: checkAdvertisingLimit,
      afterCommit: announceMarketingChange,
    });
    ext.answer('popular_sub_activity', targetAnswer);
    ext.answer('recommend_advertising', targetAnswer);
    ext.answer('search_top', hotWordAnswer);
    for (const route of marketingOpenRoutes) ext.openRoute(route);
    ext.demoSeed({
      name: 'marketing',
      run: async ({ db, config }) =>
        (await import('./demo')).seedMarketingDemo(db, { storage: createStorage(config.server) }),
    });
  },
};
