import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONSOLE_DIST, loadConfig, OWASP_ARGON2, parseServerSettings } from '../src/config/load';
import { acquireDataDirLock } from '../src/db/lock';
import { StartupError } from '../src/startup-error';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'organiser-config-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function configFile(name: string, content: unknown): string {
  const file = path.join(tmp, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

function startupMessage(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(StartupError);
    return (error as Error).message;
  }
  throw new Error('expected a StartupError');
}

describe('deployment config file', () => {
  it('uses every default without a file', () => {
    const config = loadConfig({});
    expect(config.deployment.site.variant).toBe(1);
    expect(config.deployment.login.maxFailures).toBe(5);
    expect(config.deployment.login.lockMinutes).toBe(15);
    expect(config.deployment.session.idleMinutes).toBeGreaterThan(0);
  });

  it('reads a valid file', () => {
    const file = configFile('ok.json', { site: { variant: 2 }, login: { maxFailures: 3 } });
    const config = loadConfig({ CONFIG_FILE: file });
    expect(config.deployment.site.variant).toBe(2);
    expect(config.deployment.login.maxFailures).toBe(3);
    expect(config.deployment.login.lockMinutes).toBe(15);
  });

  it('names the key and the allowed values of a bad value', () => {
    const file = configFile('variant.json', { site: { variant: 4 } });
    expect(startupMessage(() => loadConfig({ CONFIG_FILE: file }))).toContain(
      'site.variant: expected 1, 2 or 3',
    );
  });

  it('names an enum key with its options, a wrong type and an unknown key with the allowed ones', () => {
    const file = configFile('many.json', {
      ui: { size: 'huge' },
      login: { maxFailures: 'five' },
      sesion: {},
    });
    const message = startupMessage(() => loadConfig({ CONFIG_FILE: file }));
    expect(message).toContain('ui.size: expected "default", "medium", "small" or "mini"');
    expect(message).toContain('login.maxFailures: expected number');
    expect(message).toMatch(/sesion: unknown key; allowed keys: site, fieldPolicy, .*session/);
  });

  it('refuses a file that is not JSON or cannot be read', () => {
    const bad = configFile('bad.json', '{ site: ');
    expect(startupMessage(() => loadConfig({ CONFIG_FILE: bad }))).toMatch(
      /CONFIG_FILE: .* is not valid JSON/,
    );
    expect(startupMessage(() => loadConfig({ CONFIG_FILE: path.join(tmp, 'missing.json') }))).toMatch(
      /CONFIG_FILE: cannot read .*missing\.json \(ENOENT\)/,
    );
  });
});

describe('environment settings', () => {
  it('has the documented defaults', () => {
    const s = parseServerSettings({}, '/srv/app');
    expect(s).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('/srv/app', 'data'),
      databaseUrl: null,
      s3: null,
      redisUrl: null,
      adminAccount: 'admin',
      adminPassword: null,
      demoData: true,
      nodeEnv: 'development',
      captchaTestCode: null,
      consoleDist: DEFAULT_CONSOLE_DIST,
      passwordHash: OWASP_ARGON2,
    });
    expect(OWASP_ARGON2).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(DEFAULT_CONSOLE_DIST).toBe(path.resolve(apiDir, '../console/dist'));
  });

  it('names each bad variable and what it accepts', () => {
    const message = startupMessage(() =>
      parseServerSettings({
        PORT: 'eighty',
        DEMO_DATA: 'maybe',
        DATABASE_URL: 'mysql://x',
        NODE_ENV: 'staging',
      }),
    );
    expect(message).toContain('PORT: expected a port number from 0 to 65535');
    expect(message).toContain('DEMO_DATA: expected true or false');
    expect(message).toContain('DATABASE_URL: expected a URL starting with postgres:// or postgresql://');
    expect(message).toContain('NODE_ENV: expected development, production or test');
  });

  it('reads PUBLIC_URL as an origin and refuses one with a path, a query, a user or another scheme', () => {
    expect(parseServerSettings({}).publicUrl).toBeNull();
    expect(parseServerSettings({ PUBLIC_URL: 'https://console.example.com/' }).publicUrl).toBe(
      'https://console.example.com',
    );
    expect(parseServerSettings({ PUBLIC_URL: 'http://10.0.0.5:8080' }).publicUrl).toBe(
      'http://10.0.0.5:8080',
    );
    for (const bad of [
      'console.example.com',
      'ftp://console.example.com',
      'https://console.example.com/admin',
      'https://console.example.com/?a=1',
      'https://user:pw@console.example.com',
    ])
      expect(startupMessage(() => parseServerSettings({ PUBLIC_URL: bad }))).toContain(
        'PUBLIC_URL: expected an http:// or https:// address with no path',
      );
  });

  it('reads DEMO_DATA=false and the S3 group', () => {
    const s = parseServerSettings({
      DEMO_DATA: 'false',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_BUCKET: 'files',
      S3_ACCESS_KEY: 'a',
      S3_SECRET_KEY: 'b',
    });
    expect(s.demoData).toBe(false);
    expect(s.s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'files',
      accessKey: 'a',
      secretKey: 'b',
      region: 'us-east-1',
      publicUrl: 'http://127.0.0.1:9000/files/',
      forcePathStyle: true,
      maxAttempts: 3,
    });
  });

  it('reads the bucket addressing and retries, and the shutdown times', () => {
    const s = parseServerSettings({
      S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com',
      S3_BUCKET: 'files',
      S3_ACCESS_KEY: 'a',
      S3_SECRET_KEY: 'b',
      S3_REGION: 'eu-central-1',
      S3_FORCE_PATH_STYLE: 'false',
      S3_MAX_ATTEMPTS: '5',
      SHUTDOWN_DRAIN_MS: '0',
      SHUTDOWN_TIMEOUT_MS: '30000',
    });
    expect(s.s3).toMatchObject({ region: 'eu-central-1', forcePathStyle: false, maxAttempts: 5 });
    expect(s).toMatchObject({ shutdownDrainMs: 0, shutdownTimeoutMs: 30_000 });
    expect(parseServerSettings({})).toMatchObject({ shutdownDrainMs: 0, shutdownTimeoutMs: 10_000 });
    expect(parseServerSettings({ NODE_ENV: 'production', ADMIN_PASSWORD: 'x' })).toMatchObject({
      shutdownDrainMs: 3000,
    });
    const message = startupMessage(() =>
      parseServerSettings({
        S3_FORCE_PATH_STYLE: 'sometimes',
        S3_MAX_ATTEMPTS: '0',
        SHUTDOWN_DRAIN_MS: '-1',
        SHUTDOWN_TIMEOUT_MS: 'soon',
      }),
    );
    expect(message).toContain('S3_FORCE_PATH_STYLE: expected true or false');
    expect(message).toContain('S3_MAX_ATTEMPTS: expected a number of tries from 1 to 10');
    expect(message).toContain('SHUTDOWN_DRAIN_MS: expected a number of milliseconds from 0 to 600000');
    expect(message).toContain('SHUTDOWN_TIMEOUT_MS: expected a number of milliseconds from 0 to 600000');
  });

  it('refuses an incomplete S3 group', () => {
    expect(startupMessage(() => parseServerSettings({ S3_BUCKET: 'files' }))).toContain(
      'S3_ENDPOINT: required',
    );
  });

  it('refuses CAPTCHA_TEST_CODE in production', () => {
    expect(
      startupMessage(() => parseServerSettings({ NODE_ENV: 'production', CAPTCHA_TEST_CODE: 'x' })),
    ).toContain('CAPTCHA_TEST_CODE: must not be set when NODE_ENV=production');
  });
});

describe('data folder lock', () => {
  it('refuses a second holder while the first is alive, naming its pid', () => {
    const dir = path.join(tmp, 'locked');
    const first = acquireDataDirLock(dir);
    expect(readFileSync(first.file, 'utf8')).toBe(String(process.pid));
    const message = startupMessage(() => acquireDataDirLock(dir));
    expect(message).toContain(`in use by another server process (pid ${process.pid})`);
    expect(message).toContain('another DATA_DIR');
    first.release();
    const again = acquireDataDirLock(dir);
    again.release();
  });

  it('takes over a stale lock whose process is gone', () => {
    const dir = path.join(tmp, 'stale');
    const first = acquireDataDirLock(dir);
    // A pid far above any pid_max is never alive.
    writeFileSync(first.file, '99999999');
    const second = acquireDataDirLock(dir);
    expect(readFileSync(second.file, 'utf8')).toBe(String(process.pid));
    second.release();
  });
});

describe('server start-up refusals (real process)', () => {
  const run = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: apiDir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('exits 1 on a bad config file with the key in the message and no stack', () => {
    const file = configFile('main-bad.json', { site: { variant: 7 } });
    const result = run({ CONFIG_FILE: file, DATA_DIR: path.join(tmp, 'main-bad'), PORT: '0' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('site.variant: expected 1, 2 or 3');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 1 when another process holds the data folder', () => {
    const dir = path.join(tmp, 'main-locked');
    const lock = acquireDataDirLock(dir);
    try {
      const result = run({ DATA_DIR: dir, PORT: '0' });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`in use by another server process (pid ${process.pid})`);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    } finally {
      lock.release();
    }
  });
});
