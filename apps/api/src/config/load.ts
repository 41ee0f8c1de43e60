import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type DeploymentConfig, deploymentConfigSchema } from '@organiser/domain';
import { z } from 'zod';
import { DEFAULT_CONSOLE_DIST } from '../paths';
import { StartupError } from '../startup-error';
import { formatConfigIssues } from './issues';

// The server's configuration: the deployment file (CONFIG_FILE, validated by the domain schema) plus the
// operational settings from the environment. A bad value stops the server with a message naming the key.

export type S3Settings = {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
  /** Address files are read from; defaults to `<endpoint>/<bucket>/`. */
  publicUrl: string;
  /** `<endpoint>/<bucket>/<key>` (true, most S3-compatible servers) or `<bucket>.<endpoint host>/<key>`. */
  forcePathStyle: boolean;
  /** Tries per bucket request, the first included (the SDK backs off between them). */
  maxAttempts: number;
};

export type PasswordHashSettings = { memoryCost: number; timeCost: number; parallelism: number };

export type ServerSettings = {
  port: number;
  host: string;
  /** Address people open the console at (links in mail); null: the server's own HOST:PORT. */
  publicUrl: string | null;
  /** Absolute path of the data folder (PGlite database, uploads, lock file). */
  dataDir: string;
  databaseUrl: string | null;
  s3: S3Settings | null;
  smtpUrl: string | null;
  redisUrl: string | null;
  /** Key prefix of shared state in Redis (rate-limit counters). */
  redisPrefix: string;
  adminAccount: string;
  adminPassword: string | null;
  demoData: boolean;
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  /** Accepted as the answer of any captcha (automated tests only; refused in production). */
  captchaTestCode: string | null;
  consoleDist: string;
  trustProxy: boolean | number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Sessions and permissions are kept in memory this long (0: read on every request). */
  authCacheMs: number;
  /** PostgreSQL statements are stopped after this many milliseconds (0: never). */
  statementTimeoutMs: number;
  /** System, SMS and object-storage log rows older than this many days are removed by a daily job. */
  logRetentionDays: number;
  /** Whether this node runs the background jobs (requirement expiry, scheduled letters, log retention, …). Each
   * job takes a database lock, so several nodes may all run them; `JOBS=false` leaves them to the others (and
   * keeps them out of automated tests, which run each job with a clock of their own). */
  jobs: boolean;
  /** Where GET /metrics answers: `loopback` (default: only 127.0.0.1 / ::1), `off`, or with METRICS_TOKEN also
   * to callers that send `Authorization: Bearer <token>`. */
  metricsToken: string | null;
  metricsEnabled: boolean;
  /** argon2id cost. Production default is the OWASP recommendation (19 MiB, 2 passes, 1 lane). */
  passwordHash: PasswordHashSettings;
  /** After SIGTERM the node answers /api/readyz with 503 but still serves for this long, so load balancers
   * stop sending it requests before it closes its port (default 3000 with NODE_ENV=production, else 0). */
  shutdownDrainMs: number;
  /** Then requests under way get this long to finish before their connections are closed. */
  shutdownTimeoutMs: number;
};

export { DEFAULT_CONSOLE_DIST };

export type AppConfig = { deployment: DeploymentConfig; server: ServerSettings };

export const OWASP_ARGON2: PasswordHashSettings = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

const boolText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'expected true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const url = (schemes: string[]) =>
  z.string().refine((v) => schemes.some((s) => v.startsWith(`${s}://`)), {
    error: `expected a URL starting with ${schemes.map((s) => `${s}://`).join(' or ')}`,
  });

/** An origin people can open: http(s), a host, an optional port, nothing else (links append their own path). */
function isPublicUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname !== '' &&
      url.pathname === '/' &&
      !url.search &&
      !url.hash &&
      !url.username &&
      !url.password &&
      !/[?#]$/.test(value)
    );
  } catch {
    return false;
  }
}

const envSchema = z
  .object({
    PORT: z.coerce
      .number({ error: 'expected a port number from 0 to 65535 (0: any free port)' })
      .int({ error: 'expected a port number from 0 to 65535 (0: any free port)' })
      .min(0, { error: 'expected a port number from 0 to 65535 (0: any free port)' })
      .max(65535, { error: 'expected a port number from 0 to 65535 (0: any free port)' })
      .default(8080),
    HOST: z.string().default('127.0.0.1'),
    PUBLIC_URL: z
      .string()
      .refine(isPublicUrl, {
        error:
          'expected an http:// or https:// address with no path, query or user, e.g. https://console.example.com',
      })
      .optional(),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: url(['postgres', 'postgresql']).optional(),
    S3_ENDPOINT: url(['http', 'https']).optional(),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY: z.string().optional(),
    S3_SECRET_KEY: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_PUBLIC_URL: url(['http', 'https']).optional(),
    S3_FORCE_PATH_STYLE: boolText.default(true),
    S3_MAX_ATTEMPTS: z.coerce
      .number({ error: 'expected a number of tries from 1 to 10' })
      .int({ error: 'expected a number of tries from 1 to 10' })
      .min(1, { error: 'expected a number of tries from 1 to 10' })
      .max(10, { error: 'expected a number of tries from 1 to 10' })
      .default(3),
    SMTP_URL: url(['smtp', 'smtps']).optional(),
    REDIS_URL: url(['redis', 'rediss']).optional(),
    REDIS_PREFIX: z.string().default('organiser:'),
    ADMIN_ACCOUNT: z
      .string()
      .regex(/^[A-Za-z0-9_.@-]{2,64}$/, { error: 'expected 2 to 64 letters, digits or _ . @ -' })
      .default('admin'),
    ADMIN_PASSWORD: z.string().optional(),
    DEMO_DATA: boolText.default(true),
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { error: 'expected development, production or test' })
      .default('development'),
    CAPTCHA_TEST_CODE: z.string().optional(),
    CONSOLE_DIST: z.string().optional(),
    TRUST_PROXY: z
      .string()
      .regex(/^(true|false|\d+)$/, { error: 'expected true, false or a number of proxy hops' })
      .optional(),
    STATEMENT_TIMEOUT_MS: z.coerce
      .number({ error: 'expected a number of milliseconds (0: no timeout)' })
      .int({ error: 'expected a number of milliseconds (0: no timeout)' })
      .min(0, { error: 'expected a number of milliseconds (0: no timeout)' })
      .default(15_000),
    AUTH_CACHE_MS: z.coerce
      .number({ error: 'expected a number of milliseconds (0: no cache)' })
      .int({ error: 'expected a number of milliseconds (0: no cache)' })
      .min(0, { error: 'expected a number of milliseconds (0: no cache)' })
      .default(10_000),
    SHUTDOWN_DRAIN_MS: z.coerce
      .number({ error: 'expected a number of milliseconds from 0 to 600000' })
      .int({ error: 'expected a number of milliseconds from 0 to 600000' })
      .min(0, { error: 'expected a number of milliseconds from 0 to 600000' })
      .max(600_000, { error: 'expected a number of milliseconds from 0 to 600000' })
      .optional(),
    SHUTDOWN_TIMEOUT_MS: z.coerce
      .number({ error: 'expected a number of milliseconds from 0 to 600000' })
      .int({ error: 'expected a number of milliseconds from 0 to 600000' })
      .min(0, { error: 'expected a number of milliseconds from 0 to 600000' })
      .max(600_000, { error: 'expected a number of milliseconds from 0 to 600000' })
      .default(10_000),
    LOG_RETENTION_DAYS: z.coerce
      .number({ error: 'expected a whole number of days from 1 to 3650' })
      .int({ error: 'expected a whole number of days from 1 to 3650' })
      .min(1, { error: 'expected a whole number of days from 1 to 3650' })
      .max(3650, { error: 'expected a whole number of days from 1 to 3650' })
      .default(180),
    METRICS: boolText.default(true),
    JOBS: boolText.default(true),
    METRICS_TOKEN: z.string().min(16, { error: 'expected at least 16 characters' }).optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'expected fatal, error, warn, info, debug, trace or silent',
      })
      .default('info'),
  })
  .superRefine((env, ctx) => {
    const s3Keys = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const;
    if (s3Keys.some((k) => env[k])) {
      for (const k of s3Keys) {
        if (!env[k]) {
          ctx.addIssue({
            code: 'custom',
            path: [k],
            message: `required when any of ${s3Keys.join(', ')} is set`,
          });
        }
      }
    }
    if (env.NODE_ENV === 'production' && env.CAPTCHA_TEST_CODE) {
      ctx.addIssue({
        code: 'custom',
        path: ['CAPTCHA_TEST_CODE'],
        message: 'must not be set when NODE_ENV=production (it lets anyone pass the captcha)',
      });
    }
  });

export type EnvInput = Record<string, string | undefined>;

/** Operational settings from the environment. Empty variables count as unset. */
export function parseServerSettings(env: EnvInput, cwd = process.cwd()): ServerSettings {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.map(String).join('.')}: ${i.message}`);
    throw new StartupError(`Invalid environment:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const s3: S3Settings | null =
    e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY && e.S3_SECRET_KEY
      ? {
          endpoint: e.S3_ENDPOINT.replace(/\/+$/, ''),
          bucket: e.S3_BUCKET,
          accessKey: e.S3_ACCESS_KEY,
          secretKey: e.S3_SECRET_KEY,
          region: e.S3_REGION,
          publicUrl: (e.S3_PUBLIC_URL ?? `${e.S3_ENDPOINT.replace(/\/+$/, '')}/${e.S3_BUCKET}`).replace(
            /\/*$/,
            '/',
          ),
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          maxAttempts: e.S3_MAX_ATTEMPTS,
        }
      : null;
  const trustProxy =
    e.TRUST_PROXY === undefined || e.TRUST_PROXY === 'false'
      ? false
      : e.TRUST_PROXY === 'true'
        ? true
        : Number(e.TRUST_PROXY);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : null,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    s3,
    smtpUrl: e.SMTP_URL ?? null,
    redisUrl: e.REDIS_URL ?? null,
    redisPrefix: e.REDIS_PREFIX,
    adminAccount: e.ADMIN_ACCOUNT,
    adminPassword: e.ADMIN_PASSWORD ?? null,
    demoData: e.DEMO_DATA,
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    captchaTestCode: e.CAPTCHA_TEST_CODE ?? null,
    consoleDist: e.CONSOLE_DIST ? path.resolve(cwd, e.CONSOLE_DIST) : DEFAULT_CONSOLE_DIST,
    trustProxy,
    logLevel: e.LOG_LEVEL,
    statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
    logRetentionDays: e.LOG_RETENTION_DAYS,
    jobs: e.JOBS,
    authCacheMs: e.AUTH_CACHE_MS,
    metricsEnabled: e.METRICS,
    metricsToken: e.METRICS_TOKEN ?? null,
    passwordHash: OWASP_ARGON2,
    // A restart in development (watch mode) should not wait for a load balancer that is not there.
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (e.NODE_ENV === 'production' ? 3_000 : 0),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  };
}

/** Validates a deployment config object; the error names each bad key and what it accepts. */
export function parseDeploymentConfig(input: unknown, source = 'deployment config'): DeploymentConfig {
  const parsed = deploymentConfigSchema.safeParse(input ?? {});
  if (!parsed.success) {
    const lines = formatConfigIssues(parsed.error.issues, deploymentConfigSchema);
    throw new StartupError(`Invalid ${source}:\n  ${lines.join('\n  ')}`);
  }
  return parsed.data;
}

/** Reads and validates the deployment file; no file means every default. */
export function loadDeploymentFile(file: string | undefined, cwd = process.cwd()): DeploymentConfig {
  if (!file) return parseDeploymentConfig({});
  const full = path.resolve(cwd, file);
  let text: string;
  try {
    text = readFileSync(full, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new StartupError(`CONFIG_FILE: cannot read ${full} (${code})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new StartupError(`CONFIG_FILE: ${full} is not valid JSON (${(error as Error).message})`);
  }
  return parseDeploymentConfig(json, `CONFIG_FILE ${full}`);
}

/** The whole configuration from an environment (process.env by default). */
export function loadConfig(env: EnvInput = process.env, cwd = process.cwd()): AppConfig {
  const server = parseServerSettings(env, cwd);
  const deployment = loadDeploymentFile(env.CONFIG_FILE || undefined, cwd);
  return { deployment, server };
}
