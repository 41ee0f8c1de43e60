import type { FastifyInstance } from 'fastify';
import { statementSignal } from '../db/statement-signal';

// Client gone, query gone: each request runs under an abort signal that fires when its connection closes
// before the answer was sent; the database client cancels the statement that request is running
// (db/client.ts). Registered before the other onRequest hooks, so the session lookup runs under it too.

export function setupStatementCancel(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    const controller = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    // Everything after this hook (the other hooks, the handler) runs inside this context.
    statementSignal.run(controller.signal, done);
  });
}
