import type { FastifyPluginAsync } from 'fastify';
import type { AppModule } from '../../extensions';
import { adjustPoints, adjustSchemas } from './adjust';
import { checkLevelRanges } from './levels';
import { scheduleNoLogin } from './no-login';
import { userLevelRoute } from './open-routes';
import { pointRulesSeed, saveAllRules, saveAllSchemas } from './rules';

// Buyers' points (/user_vip_package): the point rules (reference data, edited one by one or all at once), the
// membership levels (ranges without overlap or gap; users' levels follow), the points ledger (awards from the
// ingested behaviour events, the daily no-sign-in job, staff adjustments) and the users' points and level.

export const pointsModule: AppModule = {
  name: 'points',
  register: (ext) => {
    ext.hooks('user_vip_package', { afterWrite: checkLevelRanges });
    ext.command('user_point_rule', 'saveAll', saveAllRules, saveAllSchemas);
    ext.command('user_manager', 'adjustPoints', adjustPoints, adjustSchemas);
    ext.openRoute(userLevelRoute);
    ext.referenceSeed(pointRulesSeed);
    // before the behaviour module's demo (registered after this module), whose events earn the first points
    ext.demoSeed({ name: 'points', run: async (ctx) => (await import('./demo')).seedPointsDemo(ctx) });
    const job: FastifyPluginAsync = async (app) => scheduleNoLogin(app, ext.engine);
    ext.routes(job);
  },
};

export { awardEvents, dayOf, foldPoints, loadRules } from './ledger';
export { LEVEL_LOCK_KEY, levelOf, liveLevels, recomputeAllLevels } from './levels';
export { chargeNoLogin, NO_LOGIN_LOCK_KEY } from './no-login';
export { DEFAULT_RULES } from './rules';
