import './fastify-decorations';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { pickLang, toPublicConfig } from '@organiser/domain';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import pino from 'pino';
import { deleteOldSessions } from './access/sessions';
import type { AppConfig } from './config/load';
import type { Db } from './db/client';
import { syncPermissions } from './db/permission-sync';
import { createEngine } from './engine';
import { AppError } from './errors';
import { type AppModule, registerModules } from './extensions';
import { createOpenApiSchemas } from './http/openapi-schemas';
import { rateLimitCounters } from './http/rate-limit-store';
import { modules, moduleTags } from './modules';
import { deleteOldCaptchas } from './modules/auth/captcha';
import { deleteOldLoginFailures } from './modules/auth/login';
import { loginPageFill } from './modules/auth/login-form';
import { withRunTimeSettings } from './modules/settings/store';
import { serveOpenRoutes } from './open/serve';
import { registerApiDocs, setupApiDocs } from './plugins/api-docs';
import { setupAccessCheck, setupAuth, setupAuthCache } from './plugins/auth';
import { setupBodyGuard } from './plugins/body-guard';
import { setupConsoleServing } from './plugins/console-serving';
import { badPathError, sendError, setupEnvelope } from './plugins/envelope';
import { setupUrlEncoded } from './plugins/form-body';
import { setupMetrics } from './plugins/metrics';
import { setupQueryGuard } from './plugins/query-guard';
import { redactLogArgument, redactString, redactUrl } from './plugins/redact';
import { setupRouteAccess } from './plugins/route-access';
import { setupSecurityHeaders } from './plugins/security-headers';
import { setupStatementCancel } from './plugins/statement-cancel';
import { setupSystemLog } from './plugins/system-log';
import { serveUploads } from './plugins/uploads-serving';
import { type SeedOptions, type SeedResult, seedIfEmpty } from './seed';
import { createStorage, type StorageProvider } from './storage';

export type BuildAppOptions = {
  config: AppConfig;
  db: Db;
  /** Default: from the settings (S3 when S3_* is set, else DATA_DIR/uploads). */
  storage?: StorageProvider;
  /** Fastify logger option; default: pino at LOG_LEVEL. */
  logger?: FastifyServerOptions['logger'];
  /** On ready, after the permission sync: seed an empty database (default) or not (false). */
  seed?: SeedOptions | false;
  /** More modules (or bare route plugins), registered after the standard modules (tests add probe routes
   * and hooks). */
  extraModules?: (FastifyPluginAsync | AppModule)[];
};

/** JSON bodies above this are refused with 413 (uploads have their own limits). */
const BODY_LIMIT = 1024 * 1024;
/** How long plugins and ready hooks (permission sync, first-start seed) may take. */
const STARTUP_TIMEOUT_MS = 5 * 60_000;
const HOUR = 3_600_000;

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

type LoggedError = Error & { code?: unknown; statusCode?: unknown; cause?: unknown };

function errorForLog(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return redactLogArgument(error);
  const e = error as LoggedError;
  return {
    type: e.name,
    message: redactString(e.message),
    stack: e.stack ? redactString(e.stack) : undefined,
    code: e.code,
    statusCode: e.statusCode,
    ...(e.cause && depth < 3 ? { cause: errorForLog(e.cause, depth + 1) } : {}),
  };
}

/**
 * The server's own log lines carry no secret: the request line's URL has its secret query parameters
 * replaced, errors and plain objects are redacted by key, and message strings by pattern (redact.ts).
 */
export function loggerOptions(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const base = (logger === true ? {} : logger) as Record<string, unknown> & {
    serializers?: Record<string, (value: unknown) => unknown>;
    hooks?: Record<string, unknown>;
  };
  return {
    ...base,
    serializers: {
      ...base.serializers,
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: (error: unknown) => errorForLog(error),
    },
    hooks: {
      ...base.hooks,
      logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void) {
        // the request line is made here of what the serializers above redact: it is written as it is
        if (isRequestLine(args[0])) method.apply(this, args);
        else
          method.apply(
            this,
            args.map((a) => redactLogArgument(a)),
          );
      },
    },
  } as FastifyServerOptions['logger'];
}

/** The request lines' objects (RequestLog): their request and answer go through the serializers, which redact
 * what they keep, so the logger's redaction of loose arguments (a copy of each object) is skipped for them. */
const requestLines = new WeakSet<object>();
const isRequestLine = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && requestLines.has(value);

function requestLine(line: Record<string, unknown>): Record<string, unknown> {
  requestLines.add(line);
  return line;
}

/** One log line per request, written once it is answered: the request (method, path, address), the status and
 * the time taken. Fastify's own controller also writes a line when each request arrives, which doubled the cost
 * of logging a request and said nothing the answer's line does not. A request that never ends is stopped by the
 * statement timeout and the client's disconnect, and then logged. */
class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error)
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    else
      reply.log.info(
        requestLine({ req: request, res: reply, responseTime: reply.elapsedTime }),
        'request completed',
      );
  }
}

/** The Redis connection the nodes share (rate limits, auth cache invalidations), when one is configured. */
async function connectRedis(app: FastifyInstance): Promise<Redis | null> {
  const { server } = app.config;
  if (!server.redisUrl) return null;
  // ioredis loads only on a server configured with Redis.
  const { Redis } = await import('ioredis');
  const redis = new Redis(server.redisUrl, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  redis.on('error', (error) => app.log.warn({ err: error }, 'redis error'));
  try {
    await redis.connect();
  } catch (error) {
    // The rate limits count on this node while Redis is away; ioredis keeps reconnecting.
    app.log.warn({ err: error }, 'redis not reachable at start');
  }
  return redis;
}

/** The whole server; `main.ts` listens on it, tests call it with `app.inject`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const { server, deployment } = config;
  const storage = options.storage ?? createStorage(server);
  const app = Fastify({
    // Log lines are buffered and written without blocking the event loop (flushed at exit).
    logger: loggerOptions(
      options.logger ?? {
        level: server.logLevel,
        stream: pino.destination({ dest: 1, sync: false, minLength: 4096 }),
      },
    ),
    logController: new RequestLog(),
    trustProxy:
      typeof server.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (server.trustProxy as number)
        : server.trustProxy,
    bodyLimit: BODY_LIMIT,
    // API routes answer the methods they declare: no HEAD route beside every GET (half the routes to set up at
    // each start); the console's files keep theirs (the static plugin declares HEAD itself)
    exposeHeadRoutes: false,
    // The ready hooks synchronise permissions and, on an empty database, seed it; a second node starting
    // beside the first waits there for the first one's seed. That takes longer than Fastify's default of 10 s
    // on a slow or busy machine, so the bound is generous; a start that hangs still ends.
    pluginTimeout: STARTUP_TIMEOUT_MS,
    // A path that does not decode (`%E0%A4%A`) is refused in the envelope and the caller's language, like any bad input.
    // The request's hooks have not run yet, so its language is picked here.
    frameworkErrors: (error, request, reply) => {
      const plain = request as FastifyRequest;
      plain.lang = pickLang(null, request.headers['accept-language'] ?? null);
      const refusal = error.code === 'FST_ERR_BAD_URL' ? badPathError(plain) : new AppError('badRequest');
      // typed for the route generics Fastify has not resolved yet; it is a plain reply
      void sendError(plain, reply as unknown as FastifyReply, refusal);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('storage', storage);
  app.decorate('draining', false);
  const openApiSchemas = createOpenApiSchemas();
  app.decorate('openApiSchemas', openApiSchemas);

  setupStatementCancel(app);
  setupMetrics(app);
  setupRouteAccess(app);
  // The system log's onRequest comes first: it prepares the per-request log context the others fill in.
  const systemLog = setupSystemLog(app, db);
  // onRequest: the message language; then helmet's headers and the rate limit (below). The access check and
  // the body rules run in preParsing, so refusals carry the headers and count against the limit.
  setupAuth(app);
  app.decorateRequest('openCaller', null);
  setupEnvelope(app);
  setupUrlEncoded(app);

  await setupApiDocs(app, openApiSchemas, (tag) => moduleTags[tag] ?? openApiSchemas.tags.get(tag));

  await setupSecurityHeaders(app);

  const redis = await connectRedis(app);
  await setupAuthCache(app, redis);
  const counters = rateLimitCounters({ redis, prefix: server.redisPrefix, log: app.log });
  app.decorate('sharedState', { redis, rateLimitsShared: counters.isShared });
  await app.register(rateLimit, {
    global: true,
    max: deployment.rateLimit.globalPerMinute,
    timeWindow: 60_000,
    store: counters.Store,
    skipOnError: true,
    errorResponseBuilder: () => new AppError('tooManyRequests'),
  });
  setupAccessCheck(app);
  setupBodyGuard(app);
  setupQueryGuard(app);

  const uploads = deployment.uploads;
  await app.register(multipart, {
    limits: {
      fileSize: Math.max(uploads.imageMaxBytes, uploads.videoMaxBytes, uploads.fileMaxBytes) + 1,
      files: 1,
      fields: 20,
      fieldSize: 100_000,
    },
  });

  const extra = (options.extraModules ?? []).map(
    (m, i): AppModule =>
      typeof m === 'function' ? { name: `extra-${i}`, register: (ext) => ext.routes(m) } : m,
  );
  // The one engine of this server: every module reaches it through the registry.
  const ext = registerModules([...modules, ...extra], createEngine(deployment));
  ext.logError = (error, message) => app.log.error({ err: error }, message);
  for (const plugin of ext.routePlugins) await app.register(plugin, { prefix: '/api' });
  // The marketplace-facing routes the modules declared, under /api/open/v1, opened only by an API key.
  await serveOpenRoutes(app, { engine: ext.engine, extensions: ext, routes: ext.openRoutes });
  const unclaimed = ext.unclaimedCommands();
  if (unclaimed.length)
    throw new Error(`Command handlers for entities no engine serves: ${unclaimed.join(', ')}`);

  await registerApiDocs(app);

  await serveUploads(app, storage);

  await setupConsoleServing(app, {
    runTimeConfig: () => withRunTimeSettings(db, toPublicConfig(deployment)),
    // the login form's captcha, and the refusal of its last post, in each login page
    loginPageFill: loginPageFill(app),
  });

  const timers: NodeJS.Timeout[] = [];
  let seedResult: SeedResult = { seeded: false };
  app.decorate('seedResult', {
    getter: () => seedResult,
  });
  app.addHook('onReady', async () => {
    const sync = await syncPermissions(db, app.routeTable);
    app.log.debug(sync, 'permissions synchronised');
    if (options.seed !== false) {
      seedResult = await seedIfEmpty(
        { db, config, log: (m) => app.log.info(m) },
        options.seed ?? {},
        ext.seeds,
      );
    }
    const cleanup = () => {
      deleteOldCaptchas(db).catch((error) => app.log.warn({ err: error }, 'captcha cleanup failed'));
      deleteOldSessions(db).catch((error) => app.log.warn({ err: error }, 'session cleanup failed'));
      deleteOldLoginFailures(db).catch((error) =>
        app.log.warn({ err: error }, 'login failure cleanup failed'),
      );
    };
    timers.push(setInterval(cleanup, HOUR).unref());
  });
  app.addHook('onClose', async () => {
    for (const t of timers) clearInterval(t);
    await systemLog.flush();
    if (redis) redis.disconnect();
  });
  app.decorate('flushSystemLog', systemLog.flush);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What the start-up seed did (read after `ready()`). */
    readonly seedResult: SeedResult;
    /** Waits until every pending system log row is written (tests read the log right after a call). */
    flushSystemLog: () => Promise<void>;
  }
}
