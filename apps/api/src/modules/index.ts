import type { FastifyPluginAsync } from 'fastify';
import { engineModule } from '../engine';
import { authRoutes } from './auth/routes';
// Supplier behaviour on the engine's company entity (write hooks, supplier role, demo data): no routes.
import './companies';
import { dictionaryRoutes } from './dictionary';
import { healthRoutes } from './health/routes';
import { ossRoutes } from './oss/routes';
import { quotaRoutes } from './quota';
import { regionRoutes } from './region';
import { supplierOverviewRoutes } from './supplier-overview';
import { systemRoutes } from './system/routes';

/** The module plugins `buildApp` registers under /api, in order. */
export const modules: FastifyPluginAsync[] = [
  healthRoutes,
  authRoutes,
  ossRoutes,
  systemRoutes,
  quotaRoutes,
  regionRoutes,
  dictionaryRoutes,
  supplierOverviewRoutes,
  engineModule,
];
