import './context';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { pickLang, toPublicConfig } from '@organiser/domain';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import pino from 'pino';
import type { AppConfig } from './config/load';
import type { Db } from './db/client';
import { syncPermissions } from './db/permissions';
import { type SeedOptions, type SeedResult, seedIfEmpty } from './db/seed';
import { AppError } from './errors';
import { type AppModule, registerModules } from './extensions';
import { withSharedComponents } from './http/openapi-components';
import { createOpenApiSchemas, operationKey } from './http/openapi-schemas';
import { rateLimitCounters } from './http/rate-limit-store';
import { modules, moduleTags } from './modules';
import { deleteOldCaptchas } from './modules/auth/captcha';
import { deleteOldLoginFailures } from './modules/auth/login';
import { loginPageFill } from './modules/auth/login-form';
import { deleteOldSessions } from './modules/auth/sessions';
import { withRunTimeSettings } from './modules/settings/store';
import { setupAccessCheck, setupAuth, setupAuthCache } from './plugins/auth';
import { setupBodyGuard } from './plugins/body-guard';
import { createConsolePage } from './plugins/console-page';
import { badPathError, sendError, setupEnvelope } from './plugins/envelope';
import { setupUrlEncoded } from './plugins/form-body';
import { LOGIN_SHELL_SCRIPT_HASH } from './plugins/login-shell';
import { setupMetrics } from './plugins/metrics';
import { setupQueryGuard } from './plugins/query-guard';
import { redactLogArgument, redactString, redactUrl } from './plugins/redact';
import { setupRouteAccess } from './plugins/route-access';
import { setupStatementCancel } from './plugins/statement-cancel';
import { setupSystemLog } from './plugins/system-log';
import { createStorage, type StorageProvider } from './storage';

/** The build's files that are never opened as a document (not SVG or HTML, which can run scripts). */
const SUBRESOURCE_FILE = /\.(js|mjs|css|woff2?|ttf|png|jpe?g|webp|gif|ico|map)$/;

/** Helmet's headers that only a document (a page, an SVG opened on its own) reads. */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** A path whose last part names a file: a name with an extension, not a dotfile. */
const FILE_PATH = /\/[^/.][^/]*\.[^/]+$/;

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

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

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
        method.apply(
          this,
          args.map((a) => redactLogArgument(a)),
        );
      },
    },
  } as FastifyServerOptions['logger'];
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
  const jsonSchemaTransform = createJsonSchemaTransform({ schemaRegistry: openApiSchemas.registry });
  const jsonSchemaTransformObject = createJsonSchemaTransformObject({
    schemaRegistry: openApiSchemas.registry,
  });

  setupStatementCancel(app);
  setupMetrics(app);
  setupRouteAccess(app);
  // The system log's onRequest comes first: it prepares the per-request log context the others fill in.
  const systemLog = setupSystemLog(app, db);
  // onRequest: the message language; then helmet's headers and the rate limit (below). The access check and
  // the body rules run in preParsing, so refusals carry the headers and count against the limit.
  setupAuth(app);
  setupEnvelope(app);
  setupUrlEncoded(app);

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Organiser console API',
        description:
          'Every body is `{ success, code, message, content }` (code 20000 on success). Send the login token as `X-Token`.',
        version: '1.0.0',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Token' } } },
    },
    transform: (document) => {
      if (!document.url.startsWith('/api/') || document.url.startsWith('/api/docs')) {
        return { schema: { hide: true } as never, url: document.url };
      }
      const transformed = jsonSchemaTransform(document);
      const access = document.route.config?.access;
      const schema = transformed.schema as Record<string, unknown>;
      // A module route names its operation; an engine route's name comes from the route table.
      const method = String(document.route.method);
      schema.operationId ??= openApiSchemas.operationIds.get(operationKey(method, document.url));
      if (access && access.kind !== 'public') schema.security = [{ token: [] }];
      if (access) schema['x-access'] = access;
      // The content types a route takes (body-guard.ts), also for routes whose body is not JSON (uploads).
      const consumes = (document.schema as { consumes?: string[] }).consumes;
      if (consumes?.length) schema['x-consumes'] = consumes;
      return transformed;
    },
    transformObject: (input) =>
      withSharedComponents(
        jsonSchemaTransformObject(input) as Record<string, unknown>,
        (tag) => moduleTags[tag] ?? openApiSchemas.tags.get(tag),
      ) as never,
  });

  const apiOrigins = Object.values(deployment.site.variants)
    .map((v) => (v?.apiBase ? originOf(v.apiBase) : null))
    .filter((o): o is string => Boolean(o));
  const fileOrigin = server.s3 ? originOf(server.s3.publicUrl) : null;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // the login page's first HTML picks its language with one small inline script (plugins/login-shell.ts)
        scriptSrc: ["'self'", LOGIN_SHELL_SCRIPT_HASH],
        // antd writes its styles into <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(fileOrigin ? [fileOrigin] : [])],
        mediaSrc: ["'self'", 'blob:', ...(fileOrigin ? [fileOrigin] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...apiOrigins],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  let redis: Redis | null = null;
  if (server.redisUrl) {
    // ioredis loads only on a server configured with Redis.
    const { Redis } = await import('ioredis');
    redis = new Redis(server.redisUrl, {
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
  }
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
  const ext = registerModules([...modules, ...extra]);
  ext.logError = (error, message) => app.log.error({ err: error }, message);
  for (const plugin of ext.routePlugins) await app.register(plugin, { prefix: '/api' });
  const unclaimed = ext.unclaimedCommands();
  if (unclaimed.length)
    throw new Error(`Command handlers for entities no engine serves: ${unclaimed.join(', ')}`);

  app.get('/api/openapi.json', { config: { access: { kind: 'public' } }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });

  if (storage.root) {
    await mkdir(storage.root, { recursive: true });
    await app.register(fastifyStatic, {
      root: storage.root,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      setHeaders: (res) => {
        res.header('X-Content-Type-Options', 'nosniff');
        // Stored files are data, never a page that runs: no scripts even if one slips through.
        res.header(
          'Content-Security-Policy',
          "default-src 'none'; img-src 'self'; media-src 'self'; sandbox",
        );
      },
    });
  }

  const consoleIndex = path.join(server.consoleDist, 'index.html');
  const hasConsole = existsSync(consoleIndex);
  const consolePage = hasConsole
    ? createConsolePage(
        readFileSync(consoleIndex, 'utf8'),
        toPublicConfig(deployment),
        () => withRunTimeSettings(db, toPublicConfig(deployment)),
        // the build's stylesheets, inlined into the login page (read once per rendered variant)
        (href) => {
          const dist = path.resolve(server.consoleDist);
          const file = path.resolve(dist, `.${href}`);
          if (!file.startsWith(dist + path.sep) || !existsSync(file)) return null;
          return readFileSync(file, 'utf8');
        },
        // the login form's captcha, and the refusal of its last post, in each login page
        loginPageFill(app),
      )
    : null;
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: server.consoleDist,
      prefix: '/',
      // One route for every file, looked up when asked, rather than a route per file set up at every start. Only
      // a path whose last part names a file (`/assets/x.js`, `/favicon.svg`) is looked up: `/`, every page path,
      // a dotfile (the build stamp) and index.html itself get index.html with the configuration inlined (the
      // not-found handler below).
      wildcard: true,
      allowedPath: (pathname: string) => FILE_PATH.test(pathname) && !pathname.endsWith('/index.html'),
      dotfiles: 'ignore',
      index: false,
      // the build writes .br and .gz beside each asset (apps/console/vite.config.ts): sent as the client accepts
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const isAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
        // A script, stylesheet or font of the build runs under the page's policy, never as a page of its own: the
        // headers that only a document reads are left off (about 600 bytes on each of the dozens of files a page
        // loads); nosniff, the resource policy and HSTS stay.
        if (isAsset && SUBRESOURCE_FILE.test(filePath))
          for (const name of DOCUMENT_ONLY_HEADERS) res.raw.removeHeader(name);
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    const isApi = urlPath === '/api' || urlPath.startsWith('/api/');
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !isApi && !urlPath.startsWith('/uploads/');
    // A file the build does not have (a chunk of an earlier build, a mistyped asset) is a 404, never the page: a
    // script or stylesheet answered with HTML fails in the browser with a misleading type error.
    if (isPage && consolePage && FILE_PATH.test(urlPath) && !urlPath.endsWith('/index.html'))
      return sendError(request, reply, new AppError('fileNotFound', { params: { url: urlPath } }));
    // History-mode console: every other page path is the console's index.html.
    if (isPage && consolePage) return consolePage.send(request, reply);
    if (isPage) return sendError(request, reply, new AppError('consoleNotBuilt'));
    return sendError(
      request,
      reply,
      new AppError('routeNotFound', { params: { method: request.method, url: urlPath } }),
    );
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
