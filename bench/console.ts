import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';

// Console page loads (bench/README.md): the built console served by the real server on a fresh PGlite folder,
// opened cold (a new browser context each time, so nothing is cached) in Chromium. For each screen: the bytes
// sent over the wire (brotli, headers included), the same files gzip-compressed, the requests, the first
// contentful paint and the time until the screen is usable. Prints the median of RUNS loads.
//
//   npx tsx bench/console.ts                                   this checkout
//   BASELINE=/path/to/other/checkout npx tsx bench/console.ts  both, loads interleaved, so load on the machine
//                                                              falls on both alike
//   PEER_LOGIN_URL=http://127.0.0.1:9527/#/login npx tsx bench/console.ts
//                                                              also a peer console's login page (any production
//                                                              build a user serves on loopback), interleaved

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.RUNS ?? 5);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CAPTCHA_TEST_CODE = 'bench-captcha';

type Sample = { bytes: number; gzip: number; requests: number; fcp: number; ready: number };

/** What a file of the build weighs gzip-compressed (the build writes `<file>.gz` beside each text asset). */
function gzipSize(dist: string | null, pathname: string, sent: number): number {
  if (!dist) return sent;
  const file = join(dist, pathname === '/' || !pathname.includes('.') ? 'index.html' : pathname);
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return sent;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

type Server = { baseURL: string; dist: string; stop: () => Promise<void> };

/** The server of a checkout (this one or BASELINE), built if needed, on a free port and a fresh data folder. */
async function startServer(root: string): Promise<Server> {
  // a checkout from before the API was compiled runs its sources with tsx
  const compiled = existsSync(join(root, 'scripts', 'build-api.mjs'));
  for (const script of compiled ? ['build-console.mjs', 'build-api.mjs'] : ['build-console.mjs']) {
    const build = spawnSync(process.execPath, [join(root, 'scripts', script)], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error(`${script} failed in ${root}.`);
  }
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'organiser-bench-console-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    CAPTCHA_TEST_CODE,
  };
  delete env.DATABASE_URL;
  const [command, args] = compiled
    ? [join(root, 'node_modules', '.bin', 'node'), ['apps/api/dist/main.mjs']]
    : [join(root, 'node_modules', '.bin', 'tsx'), ['apps/api/src/main.ts']];
  const child: ChildProcess = spawn(command, args, {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('The server did not become ready within 180 s.');
    const ok = await fetch(`${baseURL}/api/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const stop = async () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await rm(dataDir, { recursive: true, force: true });
  };
  return { baseURL, dist: join(root, 'apps', 'console', 'dist'), stop };
}

/** A session token of the demo admin, through the same login call the console makes. */
async function adminToken(baseURL: string): Promise<string> {
  const captcha = (await (await fetch(`${baseURL}/api/user/captcha`)).json()) as {
    content: { token: string };
  };
  const form = new FormData();
  form.set('account', 'admin');
  form.set('password', 'admin123');
  form.set('checkCode', CAPTCHA_TEST_CODE);
  form.set('token', captcha.content.token);
  const body = (await (await fetch(`${baseURL}/api/user/login`, { method: 'POST', body: form })).json()) as {
    content: { token: string };
  };
  return body.content.token;
}

/** One cold load: a fresh context, every response's encoded size counted, FCP from the paint timing. */
async function load(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<void>,
  token?: string,
  dist: string | null = null,
): Promise<Sample> {
  const context = await browser.newContext({ locale: 'en-GB' });
  if (token) await context.addCookies([{ name: 'Admin-Token', value: token, url }]);
  const page = await context.newPage();
  let bytes = 0;
  let gzip = 0;
  let requests = 0;
  page.on('requestfinished', async (request) => {
    const sizes = await request.sizes().catch(() => null);
    if (!sizes) return;
    bytes += sizes.responseBodySize + sizes.responseHeadersSize;
    const { pathname } = new URL(request.url());
    gzip += pathname.startsWith('/api/')
      ? sizes.responseBodySize
      : gzipSize(dist, pathname, sizes.responseBodySize);
    requests += 1;
  });
  const started = Date.now();
  await page.goto(url);
  await ready(page);
  const readyMs = Date.now() - started;
  // paint entries are delivered asynchronously: wait for the first contentful paint (buffered) up to 5 s
  const fcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const observer = new PerformanceObserver((list) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (entry) resolve(entry.startTime);
        });
        // runs in the page: 'paint' is a browser entry type that Node's typings do not list
        observer.observe({ type: 'paint', buffered: true } as unknown as Parameters<
          typeof observer.observe
        >[0]);
        setTimeout(() => resolve(Number.NaN), 5_000);
      }),
  );
  // let the last responses report their sizes
  await page.waitForLoadState('networkidle');
  await context.close();
  return { bytes, gzip, requests, fcp, ready: readyMs };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

type Screen = { name: string; path: string; signedIn?: boolean; ready: (page: Page) => Promise<void> };

const screens: Screen[] = [
  {
    name: 'login',
    path: '/login',
    ready: (page) => page.getByRole('button', { name: /log ?in/i }).waitFor(),
  },
  {
    name: 'dashboard (signed in)',
    path: '/dashboard',
    signedIn: true,
    ready: (page) => page.getByRole('heading', { level: 1 }).waitFor(),
  },
  {
    name: 'banner list (signed in)',
    path: '/banner/banner_list',
    signedIn: true,
    ready: (page) => page.locator('tr.ant-table-row').first().waitFor(),
  },
];

/** A peer console's login page: usable once a password field and a button are on screen. */
const peerLoginReady = async (page: Page) => {
  await page.locator('input[type="password"]').first().waitFor();
  await page.getByRole('button').first().waitFor();
};

/** Log in through the form (test captcha code) and wait until the dashboard is usable; ms from the click. */
async function loginToDashboard(browser: Browser, baseURL: string): Promise<number> {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`${baseURL}/login`);
  await page.getByLabel('Account', { exact: true }).fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('admin123');
  await page.getByLabel('Verification code', { exact: true }).fill(CAPTCHA_TEST_CODE);
  const button = page.getByRole('button', { name: /log ?in/i });
  // enabled once the captcha has arrived
  await page.locator('button[type="submit"]:not([disabled])').waitFor();
  const started = Date.now();
  await button.click();
  // the login page has a heading of its own: wait for the dashboard's, after the route has changed
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.getByRole('navigation', { name: /main menu|主菜单/i }).waitFor();
  await page.getByRole('heading', { level: 1 }).waitFor();
  const ms = Date.now() - started;
  await context.close();
  return ms;
}

type Target = { label: string; server: Server | null; token?: string };

function row(target: string, screen: string, samples: Sample[]): Record<string, string | number> {
  return {
    checkout: target,
    screen,
    requests: median(samples.map((s) => s.requests)),
    'sent KiB (br)': Math.round(median(samples.map((s) => s.bytes)) / 102.4) / 10,
    'gzip KiB': Math.round(median(samples.map((s) => s.gzip)) / 102.4) / 10,
    'FCP ms': Math.round(median(samples.map((s) => s.fcp))),
    'usable ms': Math.round(median(samples.map((s) => s.ready))),
  };
}

export async function runConsoleBench(): Promise<void> {
  const targets: Target[] = [{ label: 'current', server: await startServer(root) }];
  if (process.env.BASELINE)
    targets.push({ label: 'baseline', server: await startServer(process.env.BASELINE) });
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    for (const target of targets) if (target.server) target.token = await adminToken(target.server.baseURL);
    const rows: Record<string, string | number>[] = [];
    for (const screen of screens) {
      const samples = new Map<string, Sample[]>();
      const once = (target: Target) =>
        load(
          browser,
          `${target.server!.baseURL}${screen.path}`,
          screen.ready,
          screen.signedIn ? target.token : undefined,
          target.server!.dist,
        );
      // one warm-up load each: a server's first request compiles its routes' serializers
      for (const target of targets) await once(target);
      for (let run = 0; run < RUNS; run += 1) {
        for (const target of targets) {
          samples.set(target.label, [...(samples.get(target.label) ?? []), await once(target)]);
        }
      }
      for (const target of targets) rows.push(row(target.label, screen.name, samples.get(target.label)!));
    }
    const peer = process.env.PEER_LOGIN_URL;
    if (peer) {
      const ours: Sample[] = [];
      const theirs: Sample[] = [];
      await load(browser, peer, peerLoginReady);
      for (let run = 0; run < RUNS; run += 1) {
        ours.push(await load(browser, `${targets[0]!.server!.baseURL}/login`, screens[0]!.ready));
        theirs.push(await load(browser, peer, peerLoginReady));
      }
      rows.push(row('current (beside the peer)', 'login', ours), row('peer', 'login', theirs));
    }
    const clicks = new Map<string, number[]>();
    for (let run = 0; run < RUNS; run += 1) {
      for (const target of targets) {
        const ms = await loginToDashboard(browser, target.server!.baseURL);
        clicks.set(target.label, [...(clicks.get(target.label) ?? []), ms]);
      }
    }
    console.log(
      `Console page loads, cold cache, median of ${RUNS} (Chromium, loopback, PGlite demo data; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})`,
    );
    console.table(rows);
    console.log('Click "Log in" → dashboard usable (ms, median):');
    console.table(
      [...clicks].map(([label, values]) => ({
        checkout: label,
        'click → dashboard ms': Math.round(median(values)),
      })),
    );
  } finally {
    await browser.close();
    for (const target of targets) await target.server?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runConsoleBench();
