import type { AppModule } from '../extensions';
import { authRoutes } from './auth/routes';
import { companiesModule } from './companies';
import { dictionaryModule } from './dictionary';
import { engineModule } from './engine';
import { healthRoutes } from './health/routes';
import { ossRoutes } from './oss/routes';
import { quotaRoutes } from './quota';
import { regionModule } from './region';
import { supplierOverviewModule } from './supplier-overview';
import { systemRoutes } from './system/routes';

/** The modules `buildApp` registers, in order: each adds its routes (under /api), hooks, command handlers
 * and seeds to the extension registry. */
export const modules: AppModule[] = [
  { name: 'health', register: (ext) => ext.routes(healthRoutes) },
  { name: 'auth', register: (ext) => ext.routes(authRoutes) },
  { name: 'oss', register: (ext) => ext.routes(ossRoutes) },
  { name: 'system', register: (ext) => ext.routes(systemRoutes) },
  { name: 'quota', register: (ext) => ext.routes(quotaRoutes) },
  regionModule,
  dictionaryModule,
  supplierOverviewModule,
  engineModule,
  // Supplier behaviour on the engine's company entity: write hooks, commands, supplier role, demo data.
  companiesModule,
];
