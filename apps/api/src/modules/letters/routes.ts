import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createMailer } from '../mail';
import type { NotifyRuntime } from './notify';
import { type LetterEngine, scheduleLetters } from './schedule';

// The letters module's part of the server's start: the mailer notifications are mailed with, and the job that
// sends scheduled letters. No routes of its own: letters and templates are served by the engine, the inbox by
// the marketplace API.
export const letterRoutes =
  (runtime: { start: (mail: NotifyRuntime) => void; letters: LetterEngine }): FastifyPluginAsyncZod =>
  async (app) => {
    const mailer = createMailer(app.db, app.config.server.smtpUrl);
    runtime.start({ mailer: () => mailer });
    scheduleLetters(app, runtime.letters);
  };
