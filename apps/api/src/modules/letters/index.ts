import type { AppModule } from '../../extensions';
import { inboxRoutes } from './inbox-routes';
import { checkLetter, deliverLetter, scheduleLetter } from './letters';
import {
  checkPlaceholders,
  companyAuditNotice,
  type NotifyRuntime,
  productAuditNotice,
  setNotifyRuntime,
} from './notify';
import { letterRoutes } from './routes';
import { templateSeed } from './templates';

// Site letters (site_message) and notifications (inform_message): the letters' targets, sending and monthly
// limit, the job that sends scheduled letters, the inbox the marketplace reads, the notification templates and
// their delivery on the system's events, and the demo letters.

export const lettersModule: AppModule = {
  name: 'letters',
  register: (ext) => {
    let started: NotifyRuntime | null = null;
    const runtime: NotifyRuntime = { mailer: () => started?.mailer() ?? null };
    ext.routes(
      letterRoutes({
        start: (mail) => {
          started = mail;
          // the consults module reports a received consult with its own engine at hand
          setNotifyRuntime(ext.engine, runtime);
        },
        letters: { engine: ext.engine, extensions: ext },
      }),
    );
    ext.hooks('site_message', { beforeWrite: checkLetter, afterWrite: deliverLetter });
    ext.command('site_message', 'schedule', scheduleLetter);
    ext.hooks('inform_message', { beforeWrite: checkPlaceholders });
    ext.hooks('company_audit', { afterCommit: companyAuditNotice(runtime) });
    ext.hooks('product', { afterCommit: productAuditNotice(runtime) });
    for (const route of inboxRoutes) ext.openRoute(route);
    ext.referenceSeed(templateSeed);
    ext.demoSeed({ name: 'letters', run: async (ctx) => (await import('./demo')).seedLetterDemo(ctx) });
  },
};

export { deliver } from './letters';
export { fill, notify, notifyConsultReceived, placeholdersIn } from './notify';
export { LETTER_LOCK_KEY, sendScheduledLetters } from './schedule';
export { referenceTemplates } from './templates';
