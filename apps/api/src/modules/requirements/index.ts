import type { AppModule } from '../../extensions';
import type { DemoSeed } from '../../seed';
import { expireHandler, renewHandler } from './expiry';
import { type MailRuntime, matchingMailHook } from './matching-mail';
import { numberRequirement } from './number';
import { requirementOpenRoutes } from './open-routes';
import { requirementRoutes } from './routes';

// Purchase requirements (/buy_requirement/buy_requirement_list) on the engine's buy_requirement entity: the
// requirement number given on create, the matching mail once staff authorise, the expiry job, the supplier
// accounts' masked reads and reveals, the marketplace's routes, and the demo requirements.

export const seedRequirementDemo: DemoSeed['run'] = async (ctx) =>
  (await import('./demo')).seedRequirementDemo(ctx);

export const requirementsModule: AppModule = {
  name: 'requirements',
  register: (ext) => {
    let mail: MailRuntime | null = null;
    const runtime: MailRuntime = {
      mailer: () => mail?.mailer() ?? null,
      address: () => mail?.address() ?? '',
    };
    ext.routes(
      requirementRoutes({
        start: (started) => {
          mail = started;
        },
        expiry: { engine: ext.engine, extensions: ext },
      }),
    );
    ext.hooks('buy_requirement', {
      beforeWrite: numberRequirement,
      afterCommit: matchingMailHook(runtime),
    });
    ext.command('buy_requirement', 'expire', expireHandler);
    ext.command('buy_requirement', 'renew', renewHandler);
    for (const route of requirementOpenRoutes) ext.openRoute(route);
    ext.demoSeed({ name: 'requirements', run: seedRequirementDemo });
  },
};

export { EXPIRY_ACTOR, EXPIRY_BATCH, EXPIRY_LOCK_KEY, expireRequirements } from './expiry';
export { maskContact } from './market';
export { mailMatching } from './matching-mail';
export { requirementNumber } from './number';
