import { defineConfig } from 'vitest/config';
import { maxWorkers } from './vitest.workers';

export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/api', 'apps/console'],
    maxWorkers,
  },
});
