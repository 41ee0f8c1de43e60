import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The abort signal of the request a database statement runs for. The server sets it for each request
 * (plugins/statement-cancel.ts); a PostgreSQL statement started under a signal that aborts (the client went
 * away) is cancelled on the server at once instead of running to its end for nobody.
 */
export const statementSignal = new AsyncLocalStorage<AbortSignal>();
