import { defineConfig } from 'vitest/config';
import { maxWorkers } from '../../vitest.workers';

export default defineConfig({
  test: { name: 'domain', include: ['src/**/*.test.ts'], environment: 'node', maxWorkers },
});
