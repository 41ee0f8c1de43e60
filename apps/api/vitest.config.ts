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
    hookTimeout: 120_000,
  },
});
