import { availableParallelism } from 'node:os';

/**
 * Test workers for every Vitest project (each project's config sets it: a project does not take the root config's).
 * Vitest's default is one worker fewer than the cores, which on a 2-core machine is one worker. The workers wait on
 * the main process (module fetches) and on the database between bursts of work, so two more workers than cores keep
 * both cores busy: on 2 cores the whole unit tier with the API suite on PostgreSQL (`time npx vitest run
 * --maxWorkers=N`) took 620 s with 1 worker, 356 s with 3 when the suite was smaller, and now 473 s with 3 against
 * 431 s with 4 (the files running at once, on average: 2.0 of 3, 2.8 of 4). At most 16: each API worker holds its
 * own database.
 */
export const maxWorkers = Math.min(availableParallelism() + 2, 16);
