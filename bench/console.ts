import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createGzip } from 'node:zlib';
import { type Browser, chromium, type Page } from '@playwright/test';
import { freePort } from './free-port';

// Console page loads (bench/README.md): the built console served by the real server on a fresh PGlite folder,
// opened cold (a new browser context each time, so nothing is cached) in Chromium. For each screen: the bytes
// sent over the wire (brotli, headers included), the same files gzip-compressed, the requests, the first
// contentful paint and the time until the screen is usable. Prints the median of RUNS loads.
//
//   npx tsx bench/console.ts                                   this checkout
//   BASELINE=/path/to/other/checkout npx tsx bench/console.ts  both, loads interleaved, so load on the machine
//                                                              falls on both alike
//   PARTS=menu npx tsx bench/console.ts                       only "menu click → list rendered" (also: loads, login)
//   PEER_LOGIN_URL=http://127.0.0.1:9527/#/login npx tsx bench/console.ts
//                                                              also a peer console's login page (any production
//                                                              build a user serves on loopback), interleaved
//   PEER_DIST=/path/to/peer/dist [PEER_LOGIN_PATH=/#/login] npx tsx bench/console.ts
//   PARTS=charts PEER_DIST=… npx tsx bench/console.ts           only the signed-in dashboard until its charts are
//                                                              drawn, ours beside the peer's (its demo token)
//                                                              the same, the peer's build folder served here on
//                                                              loopback as a static host does (gzip, index.html
//                                                              for unknown paths)

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.RUNS ?? 5);
/** Which parts run (comma-separated): `loads` (page loads, and the peer's), `login` (click → dashboard), `menu`
 * (menu click → list, its code loaded), `first` (the first menu click after a cold load, and the peer's),
 * `charts` (a signed-in cold load of the dashboard until its charts are drawn, and the peer's). All by default. */
const PARTS = new Set((process.env.PARTS ?? 'loads,login,menu,first,charts').split(',').map((p) => p.trim()));
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

type Server = { baseURL: string; dist: string; stop: () => Promise<void> };

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

/** A peer's production build served as a static host would: its files, gzip for text, index.html for any path
 * that is not a file (a single-page app's routes). */
async function servePeer(dist: string): Promise<{ baseURL: string; stop: () => Promise<void> }> {
  const server = createHttpServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://peer').pathname);
    let file = join(dist, normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory())
      file = join(dist, 'index.html');
    const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
    const isText = /text|javascript|json|svg/.test(type);
    const gzip = isText && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(200, { 'content-type': type, ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
    const stream = createReadStream(file);
    (gzip ? stream.pipe(createGzip()) : stream).pipe(res);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    baseURL: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

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
  // requests under way, but for event streams (the signed-in badges' stream stays open for the page's life)
  const underWay = new Set<unknown>();
  let lastSettled = Date.now();
  page.on('request', (request) => {
    if (request.resourceType() !== 'eventsource') underWay.add(request);
  });
  const settle = (request: unknown) => {
    if (underWay.delete(request)) lastSettled = Date.now();
  };
  page.on('requestfailed', settle);
  page.on('requestfinished', async (request) => {
    settle(request);
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
  // from the first byte on: a screen is usable when `ready` says so, whether or not its scripts have all loaded
  await page.goto(url, { waitUntil: 'commit' });
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
  // let the last responses report their sizes: nothing under way for 500 ms (Playwright's networkidle would wait
  // on the badges' stream for ever)
  const deadline = Date.now() + 30_000;
  while ((underWay.size > 0 || Date.now() - lastSettled < 500) && Date.now() < deadline)
    await page.waitForTimeout(50);
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
    // a form that can be sent: the server's first HTML's copy once it carries its captcha (its button is enabled
    // then, and it posts to the server without the console), else the console's own form with its captcha
    ready: (page) =>
      page
        .locator(
          '#login-shell button[type="submit"]:not([disabled]), #root button[type="submit"]:not([disabled])',
        )
        .first()
        .waitFor(),
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

/** The peer's own login: its form comes filled with a demo account; click its button and wait for its dashboard
 * (`PEER_DASHBOARD_SELECTOR`, by default vue-element-admin's) next to its menu. Returns the ms from the click. */
async function peerSignIn(page: Page, loginURL: string): Promise<number> {
  await page.goto(loginURL);
  await peerLoginReady(page);
  const started = Date.now();
  await page.getByRole('button').first().click();
  await page.locator(process.env.PEER_DASHBOARD_SELECTOR ?? '.dashboard-editor-container').waitFor();
  await page.locator('.sidebar-container, nav, [role="navigation"]').first().waitFor();
  return Date.now() - started;
}

/** The peer's login click → its dashboard, in a fresh context. */
async function peerLoginToDashboard(browser: Browser, loginURL: string): Promise<number> {
  const context = await browser.newContext({ locale: 'en-GB' });
  const ms = await peerSignIn(await context.newPage(), loginURL);
  await context.close();
  return ms;
}

type Target = { label: string; server: Server | null; token?: string };

type MenuSample = { pointed: number; clicked: number };

/** Runs in the page (as text, so the bundler's helpers do not leak into it): notes the time of the next press and
 * of the first frame after it with a row of a list on screen. Screens opened earlier stay mounted, hidden, in
 * their tabs, so a row counts only when it has a box. */
const timeClickToRow = (rowSelector: string) => `(() => {
  window.benchClick = 0;
  window.benchRows = 0;
  function frame() {
    const rows = document.querySelectorAll(${JSON.stringify(rowSelector)});
    for (const row of rows) if (row.getClientRects().length > 0) { window.benchRows = performance.now(); return; }
    requestAnimationFrame(frame);
  }
  addEventListener('pointerdown', () => { window.benchClick = performance.now(); requestAnimationFrame(frame); },
    { capture: true, once: true });
})()`;

/**
 * Menu click → list rendered, the list's code already loaded (the issue's "cold chunk excepted"): signed in on
 * the dashboard, open the company list from the menu once (loads the list screens' code), go back to the
 * dashboard, then open the banner list from the menu and time the click until its first row is on screen.
 * `pointed`: the pointer rests on the entry for 150 ms before the click, as a person's does; `clicked`: the
 * click comes with no rest (the pointer arrives and presses at once).
 */
async function menuToList(browser: Browser, baseURL: string, token: string): Promise<MenuSample> {
  const context = await browser.newContext({ locale: 'en-GB' });
  await context.addCookies([{ name: 'Admin-Token', value: token, url: baseURL }]);
  const page = await context.newPage();
  const menu = page.getByRole('navigation', { name: /main menu/i });
  const entry = (name: string) => menu.getByRole('menuitem', { name, exact: true });
  const open = async (name: string, restMs: number) => {
    const item = entry(name);
    if (!(await item.isVisible())) {
      // a group's entries show once the group is opened
      const group = name.split(' ')[0]!;
      await menu.getByRole('menuitem', { name: group, exact: true }).click();
      await item.waitFor().catch(async (error) => {
        await page.screenshot({ path: '/tmp/menu-debug.png' });
        throw error;
      });
    }
    await item.hover();
    if (restMs) await page.waitForTimeout(restMs);
    // timed in the page frame by frame, not by polling from here
    await page.evaluate(timeClickToRow('tr.ant-table-row'));
    await item.click();
    // a function, not a string: the console's Content-Security-Policy forbids evaluating strings
    const handle = await page.waitForFunction(() => {
      const timed = globalThis as unknown as { benchRows: number; benchClick: number };
      return timed.benchRows > 0 && timed.benchRows - timed.benchClick;
    });
    return Number(await handle.jsonValue());
  };
  await page.goto(`${baseURL}/dashboard`);
  await menu.waitFor();
  await open('Company list', 0);
  await page.goto(`${baseURL}/dashboard`);
  await menu.waitFor();
  const pointed = await open('Banner list', 150);
  await page.goto(`${baseURL}/dashboard`);
  await menu.waitFor();
  await open('Company list', 0);
  const clicked = await open('Banner list', 0);
  await context.close();
  return { pointed, clicked };
}

/** How long a person looks at the first screen before the first click (the idle time a prefetch may use). */
const FIRST_LOOK_MS = Number(process.env.FIRST_LOOK_MS ?? 1000);

type FirstClick = { ms: number; requests: number };

/** Waits for the timed click's first row (timeClickToRow) and counts the requests made meanwhile. */
async function timedClick(page: Page, press: () => Promise<void>): Promise<FirstClick> {
  let requests = 0;
  const count = (request: { url: () => string }) => {
    requests += 1;
    if (process.env.BENCH_DEBUG) console.log('  request', request.url());
  };
  page.on('request', count);
  await press();
  // a function, not a string: the console's Content-Security-Policy forbids evaluating strings
  const handle = await page.waitForFunction(() => {
    const timed = globalThis as unknown as { benchRows: number; benchClick: number };
    return timed.benchRows > 0 && timed.benchRows - timed.benchClick;
  });
  page.off('request', count);
  return { ms: Number(await handle.jsonValue()), requests };
}

/**
 * The first click on a menu after a signed-in load (the code of the list not fetched by anything but what the first
 * screen does by itself): the dashboard opened cold, FIRST_LOOK_MS of looking, then Products → Product list, timed
 * from the press on "Product list" until its first row is on screen, and the requests made meanwhile.
 */
async function firstMenuClick(browser: Browser, baseURL: string, token: string): Promise<FirstClick> {
  const context = await browser.newContext({ locale: 'en-GB' });
  await context.addCookies([{ name: 'Admin-Token', value: token, url: baseURL }]);
  const page = await context.newPage();
  await page.goto(`${baseURL}/dashboard`);
  const menu = page.getByRole('navigation', { name: /main menu/i });
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForTimeout(FIRST_LOOK_MS);
  await menu.getByRole('menuitem', { name: 'Products', exact: true }).click();
  const entry = menu.getByRole('menuitem', { name: 'Product list', exact: true });
  await entry.waitFor();
  await page.evaluate(timeClickToRow('tr.ant-table-row'));
  const result = await timedClick(page, () => entry.click());
  await context.close();
  return result;
}

/** The same on the peer (vue-element-admin): signed in through its form, FIRST_LOOK_MS on its dashboard, then
 * Table → Complex Table (its rows are generated in the browser). */
async function peerFirstMenuClick(browser: Browser, loginURL: string): Promise<FirstClick> {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await peerSignIn(page, loginURL);
  await page.waitForTimeout(FIRST_LOOK_MS);
  const sidebar = page.locator('.sidebar-container');
  await sidebar.locator('.el-submenu__title', { hasText: /^\s*Table\s*$/ }).click();
  const entry = sidebar.locator('.el-menu-item', { hasText: 'Complex Table' });
  await entry.waitFor();
  await page.evaluate(timeClickToRow('.app-container .el-table__row'));
  const result = await timedClick(page, () => entry.click());
  await context.close();
  return result;
}

type ChartsSample = { ms: number; requests: number };

/** A signed-in cold load (new context, nothing cached) of a dashboard until each of its charts has drawn its
 * canvas: ms from the navigation and the requests made meanwhile. `url` is the dashboard's address, `cookie` the
 * session cookie's value, `charts` the selector of one chart's box and `expected` how many there are at least. */
async function chartsLoad(
  browser: Browser,
  url: string,
  cookie: string,
  charts: { selector: string; expected: number },
): Promise<ChartsSample> {
  const context = await browser.newContext({ locale: 'en-GB' });
  await context.addCookies([{ name: 'Admin-Token', value: cookie, url: new URL(url).origin }]);
  // Watched in the page (an init script runs under no content security policy): the first frame in which every
  // chart's box holds a canvas (ECharts drawing in the browser) or an SVG picture of the chart (our dashboard's
  // first screen, drawn by the server), as ms from the navigation's start. Asking from here instead would wait
  // for the page's main thread, which may still be running scripts after the charts have been painted.
  await context.addInitScript({
    content: `(() => {
      const drawn = () => {
        const boxes = [...document.querySelectorAll(${JSON.stringify(charts.selector)})];
        return boxes.length >= ${charts.expected} && boxes.every((box) => box.querySelector('canvas, svg'));
      };
      const observer = new MutationObserver(() => {
        if (!drawn()) return;
        observer.disconnect();
        requestAnimationFrame(() => { window.__chartsDrawn = performance.now(); });
      });
      observer.observe(document, { childList: true, subtree: true });
    })()`,
  });
  const page = await context.newPage();
  let requests = 0;
  page.on('request', () => {
    requests += 1;
  });
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  let ms: number | undefined;
  while (ms === undefined) {
    if (Date.now() - started > 60_000) throw new Error(`charts not drawn in 60 s: ${url}`);
    await page.waitForTimeout(50);
    ms = (await page.evaluate('window.__chartsDrawn')) as number | undefined;
  }
  await context.close();
  return { ms: Math.round(ms), requests };
}

/** Our dashboard's charts (all drawn in one render once its figures arrive) and the peer's four
 * (vue-element-admin: line, radar, pie and bar). */
const OUR_CHARTS = { selector: '.dashboard-chart', expected: 1 };
const PEER_CHARTS = {
  selector: process.env.PEER_CHART_SELECTOR ?? '.dashboard-editor-container .chart',
  expected: 4,
};

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
  let stopPeer: (() => Promise<void>) | undefined;
  try {
    for (const target of targets) if (target.server) target.token = await adminToken(target.server.baseURL);
    const rows: Record<string, string | number>[] = [];
    for (const screen of PARTS.has('loads') ? screens : []) {
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
    const clicks = new Map<string, number[]>();
    const peerHost = process.env.PEER_DIST ? await servePeer(process.env.PEER_DIST) : null;
    stopPeer = peerHost?.stop;
    const peer = peerHost
      ? `${peerHost.baseURL}${process.env.PEER_LOGIN_PATH ?? '/#/login'}`
      : process.env.PEER_LOGIN_URL;
    if (peer && PARTS.has('loads')) {
      const ours: Sample[] = [];
      const theirs: Sample[] = [];
      await load(browser, peer, peerLoginReady);
      for (let run = 0; run < RUNS; run += 1) {
        ours.push(await load(browser, `${targets[0]!.server!.baseURL}/login`, screens[0]!.ready));
        theirs.push(await load(browser, peer, peerLoginReady));
      }
      rows.push(row('current (beside the peer)', 'login', ours), row('peer', 'login', theirs));
      for (let run = 0; run < RUNS; run += 1) {
        clicks.set('peer', [...(clicks.get('peer') ?? []), await peerLoginToDashboard(browser, peer)]);
      }
    }
    for (let run = 0; run < (PARTS.has('login') ? RUNS : 0); run += 1) {
      for (const target of targets) {
        const ms = await loginToDashboard(browser, target.server!.baseURL);
        clicks.set(target.label, [...(clicks.get(target.label) ?? []), ms]);
      }
    }
    const menus = new Map<string, MenuSample[]>();
    for (let run = 0; run < (PARTS.has('menu') ? RUNS : 0); run += 1) {
      for (const target of targets) {
        const sample = await menuToList(browser, target.server!.baseURL, target.token!);
        menus.set(target.label, [...(menus.get(target.label) ?? []), sample]);
      }
    }
    const firsts = new Map<string, FirstClick[]>();
    const addFirst = (label: string, sample: FirstClick) =>
      firsts.set(label, [...(firsts.get(label) ?? []), sample]);
    for (let run = 0; run < (PARTS.has('first') ? RUNS : 0); run += 1) {
      for (const target of targets)
        addFirst(target.label, await firstMenuClick(browser, target.server!.baseURL, target.token!));
      if (peer) addFirst('peer', await peerFirstMenuClick(browser, peer));
    }
    const charts = new Map<string, ChartsSample[]>();
    const addCharts = (label: string, sample: ChartsSample) =>
      charts.set(label, [...(charts.get(label) ?? []), sample]);
    const peerDashboard = peerHost ? `${peerHost.baseURL}/#/dashboard` : null;
    // two loads of each dashboard first, not counted: a server that has just started has not yet loaded what a
    // signed-in page needs (our first-screen renderer starts on a node's first signed-in page, and its first render
    // compiles its code), and the runs time a browser that has nothing cached, not a server that has just started
    for (let warm = 0; warm < (PARTS.has('charts') ? 2 : 0); warm += 1) {
      for (const target of targets)
        await chartsLoad(browser, `${target.server!.baseURL}/dashboard`, target.token!, OUR_CHARTS);
      if (peerDashboard) await chartsLoad(browser, peerDashboard, 'admin-token', PEER_CHARTS);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    for (let run = 0; run < (PARTS.has('charts') ? RUNS : 0); run += 1) {
      for (const target of targets)
        addCharts(
          target.label,
          await chartsLoad(browser, `${target.server!.baseURL}/dashboard`, target.token!, OUR_CHARTS),
        );
      // the peer's mock accepts its demo token
      if (peerDashboard)
        addCharts('peer', await chartsLoad(browser, peerDashboard, 'admin-token', PEER_CHARTS));
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
    console.log('Menu click → list rendered, list code loaded (ms, median):');
    console.table(
      [...menus].map(([label, values]) => ({
        checkout: label,
        'pointer rests 150 ms, then click': Math.round(median(values.map((v) => v.pointed))),
        'click at once': Math.round(median(values.map((v) => v.clicked))),
      })),
    );
    console.log(
      `First menu click after a cold signed-in load (${FIRST_LOOK_MS} ms on the dashboard) → first row (median):`,
    );
    console.table(
      [...firsts].map(([label, values]) => ({
        checkout: label,
        'click → first row ms': Math.round(median(values.map((v) => v.ms))),
        'requests meanwhile': median(values.map((v) => v.requests)),
        'ratio to the peer (median of pairs)': firsts.has('peer')
          ? Number(median(values.map((v, i) => v.ms / (firsts.get('peer')![i]?.ms ?? Number.NaN))).toFixed(2))
          : '',
      })),
    );
    console.log('Signed-in cold load of the dashboard → every chart drawn (median):');
    console.table(
      [...charts].map(([label, values]) => ({
        checkout: label,
        'load → charts drawn ms': Math.round(median(values.map((v) => v.ms))),
        requests: median(values.map((v) => v.requests)),
        'ratio to the peer (median of pairs)': charts.has('peer')
          ? Number(median(values.map((v, i) => v.ms / (charts.get('peer')![i]?.ms ?? Number.NaN))).toFixed(2))
          : '',
      })),
    );
  } finally {
    await stopPeer?.();
    await browser.close();
    for (const target of targets) await target.server?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runConsoleBench();
