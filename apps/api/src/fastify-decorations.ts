import type { Redis } from 'ioredis';
import type { Access } from './access/route-access';
import type { AppConfig } from './config/load';
import type { Db } from './db/client';
import type { OpenApiSchemas } from './http/openapi-schemas';
import type { StorageProvider } from './storage';

/** One registered route, as the permission sync and the route-access test see it. */
export type RouteRecord = { method: string; url: string; access: Access | undefined };

/** What the system log records about the current request beyond what Fastify knows. */
export type LogContext = {
  /** Account of an anonymous call (a login attempt names the account it tried). */
  account?: string;
  companyId?: number | null;
  /** Replaces the request body in the log (uploads log the file's name, type and size). */
  args?: unknown;
  /** English message of the refusal or failure. */
  error?: string;
  /** The refusal's catalogue key and parameters: the log shows its message in the reader's language. */
  errorKey?: string;
  errorParams?: Record<string, string | number>;
  /** The marketplace API key of an open-API call (`account` is then `key:<name>`). */
  apiKeyId?: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    storage: StorageProvider;
    /** Set when the node is shutting down: /api/readyz answers 503 so load balancers stop sending requests. */
    draining: boolean;
    /** Redis (null without REDIS_URL) and whether the rate limits are counted through it right now. */
    sharedState: { redis: Redis | null; rateLimitsShared: () => boolean };
    /** Schemas the OpenAPI document shows once, under `components.schemas`, and refers to by name. */
    openApiSchemas: OpenApiSchemas;
    /** Every route registered so far (HEAD duplicates left out). */
    routeTable: RouteRecord[];
  }
  interface FastifyRequest {
    logContext: LogContext;
  }
}
