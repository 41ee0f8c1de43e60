import { DEFAULT_STATISTICS_TIME_ZONE } from '@organiser/domain';
import { invalidateShared } from '../../access/auth-cache';
import type { AppModule } from '../../extensions';
import { createStorage } from '../../storage';
import { hotWordAnswer, searchCountAnswer, targetAnswer } from './answers';
import { checkHotWord, fromKeyword, fromKeywordSchemas, lockHotWords } from './hot-words';
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
    // the statistics time zone of this server's deployment, read once its routes are registered
    let timeZone = DEFAULT_STATISTICS_TIME_ZONE;
    ext.routes(async (app) => {
      timeZone = app.config.deployment.statistics.timeZone;
    });
    for (const entity of ['popular_activity', 'recommend_search'])
      ext.hooks(entity, { afterCommit: announceMarketingChange });
    ext.hooks('search_top', {
      beforeWrite: checkHotWord,
      afterWrite: lockHotWords,
      afterCommit: announceMarketingChange,
    });
    ext.command('search_top', 'fromKeyword', fromKeyword, fromKeywordSchemas);
    ext.hooks('popular_sub_activity', { afterWrite: keepItemCount, afterCommit: announceMarketingChange });
    ext.hooks('recommend_advertising', {
      afterWrite: checkAdvertisingLimit,
      afterCommit: announceMarketingChange,
    });
    ext.answer('popular_sub_activity', targetAnswer);
    ext.answer('recommend_advertising', targetAnswer);
    ext.answer(
      'search_top',
      hotWordAnswer(() => timeZone),
    );
    ext.answer(
      'recommend_search',
      searchCountAnswer(() => timeZone),
    );
    for (const route of marketingOpenRoutes) ext.openRoute(route);
    ext.demoSeed({
      name: 'marketing',
      run: async ({ db, config }) =>
        (await import('./demo')).seedMarketingDemo(db, { storage: createStorage(config.server) }),
    });
  },
};
