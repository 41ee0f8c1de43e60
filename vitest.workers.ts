import { availableParallelism } from 'node:os';

/**
 * Test workers for every Vitest project (each project's config sets it: a project does not take the root config's).
 * Vitest's default is one worker fewer than the cores, which on a 2-core machine is one worker. The workers wait on
 * the main process (module fetches) and on the database between bursts of work, so one more worker than cores keeps
 * both cores busy: on 2 cores the unit tier takes 356 s instead of 620 s, and the API suite on PostgreSQL 125 s
 * instead of 222 s (`time npx vitest run --maxWorkers=N`). At most 16: each API worker holds its own database.
 */
export const maxWorkers = Math.min(availableParallelism() + 1, 16);
