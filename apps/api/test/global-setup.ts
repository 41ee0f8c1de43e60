import type { TestProject } from 'vitest/node';
import { buildApp } from '../src/app';
import { createTemplate, type DbTemplate, dropTemplate, finishTemplate } from './database';
import { testConfig } from './helpers';

// Once per run: migrate one template database, synchronise permissions and seed the test accounts, so each
// test file starts from a copy instead of paying initdb, migrations and password hashing again.

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: DbTemplate;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { template, handle } = await createTemplate();
  try {
    await handle.migrate();
    const app = await buildApp({
      config: testConfig(),
      db: handle.db,
      logger: false,
      seed: { demoAccounts: true, demoData: false },
    });
    await app.ready();
    await app.close();
    await finishTemplate(template, handle);
  } catch (error) {
    await handle.close().catch(() => {});
    await dropTemplate(template).catch(() => {});
    throw error;
  }
  project.provide('dbTemplate', template);
  return () => dropTemplate(template);
}
