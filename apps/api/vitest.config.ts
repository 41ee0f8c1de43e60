import { defineConfig } from 'vitest/config';
import { maxWorkers } from '../../vitest.workers';

export default defineConfig({
  test: {
    name: 'api',
    maxWorkers,
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // One migrated, seeded template database per run; each test file starts from a copy of it.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    // A worker runs its files one after another with the modules loaded once (the app's whole import graph costs
    // seconds a file otherwise): each file still builds its own app on its own database copy. A file that adds a
    // probe entity's table to the shared `entityTables` leaves it there, so checks over every table read the
    // registered entities' tables only (engine/tables.test.ts).
    isolate: false,
    hookTimeout: 120_000,
  },
});
