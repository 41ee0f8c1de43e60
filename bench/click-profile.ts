import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { freePort } from './free-port';

// CPU profile of "menu click → list rendered" (bench/console.ts's menuToList): the console built without
// minification and with source maps (CONSOLE_DIST), the click on "Banner list" profiled with Chromium's sampling
// profiler (CDP Profiler), self time summed by source module and by function.
//
//   (cd apps/console && npx vite build --minify false --sourcemap --outDir /tmp/prof-dist)
//   CONSOLE_DIST=/tmp/prof-dist RUNS=3 npx tsx bench/click-profile.ts
//   REST_MS=0 (click at once), FROM=list (from the company list, not the dashboard), PHASE=click or PHASE=after (the click handler, or what follows it), TASKS=<ms>
//   (the main thread's tasks of at least that long, events and requests, in order)
//   FLOW=login: the click on "Log in" (the form filled, the captcha arrived) → the dashboard's heading beside the
//   menu, the flow bench/console.ts measures as "click → dashboard usable"; FLOW=dashboard: a signed-in cold load of
//   the dashboard (a new context, nothing cached) from the navigation until a chart has drawn its canvas, the flow
//   bench/console.ts measures as "load → charts drawn"

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = process.env.CONSOLE_DIST ?? join(root, 'apps', 'console', 'dist');
const RUNS = Number(process.env.RUNS ?? 3);
const REST_MS = Number(process.env.REST_MS ?? 150);
const FLOW = process.env.FLOW === 'login' || process.env.FLOW === 'dashboard' ? process.env.FLOW : 'menu';
const CAPTCHA_TEST_CODE = 'bench-captcha';
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'toplevel',
];

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; tid: number; pid: number };

/** The page's main thread: of the renderers' main threads (a navigation may start in another), the busiest. */
function rendererMain(events: TraceEvent[]): TraceEvent | undefined {
  const mains = events.filter(
    (e) =>
      e.name === 'thread_name' && (e as unknown as { args: { name: string } }).args.name === 'CrRendererMain',
  );
  const count = (m: TraceEvent) =>
    events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X').length;
  return mains.sort((a, b) => count(b) - count(a))[0];
}

/** Main-thread time inside the profiled window by kind of work (script, style, layout, paint…): complete
 * events ("X") of the renderer's main thread, nested ones counted into their parent's name only once. */
function timeline(trace: { traceEvents: TraceEvent[] }, window: { from: number; to: number }) {
  const events = trace.traceEvents;
  const main = rendererMain(events);
  const out = new Map<string, number>();
  if (!main) return out;
  const own = events
    .filter(
      (e) =>
        e.ph === 'X' &&
        e.tid === main.tid &&
        e.pid === main.pid &&
        e.dur &&
        e.ts >= window.from &&
        e.ts <= window.to,
    )
    .sort((a, b) => a.ts - b.ts);
  // self time per event name: an event's duration minus its direct children's
  const stack: { e: TraceEvent; child: number }[] = [];
  const close = (upTo: number) => {
    while (stack.length && stack[stack.length - 1]!.e.ts + stack[stack.length - 1]!.e.dur! <= upTo) {
      const top = stack.pop()!;
      out.set(top.e.name, (out.get(top.e.name) ?? 0) + (top.e.dur! - top.child) / 1000);
      if (stack.length) stack[stack.length - 1]!.child += top.e.dur!;
    }
  };
  for (const e of own) {
    close(e.ts);
    stack.push({ e, child: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  return out;
}

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
type Profile = {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
};

const maps = new Map<string, SourceMapConsumer | null>();
function consumerOf(url: string): SourceMapConsumer | null {
  if (maps.has(url)) return maps.get(url)!;
  let consumer: SourceMapConsumer | null = null;
  try {
    const { pathname } = new URL(url);
    consumer = new SourceMapConsumer(JSON.parse(readFileSync(join(dist, `${pathname}.map`), 'utf8')));
  } catch {
    consumer = null;
  }
  maps.set(url, consumer);
  return consumer;
}

/** The main thread's tasks of 3 ms or more inside the window, with their start from the press, and the
 * requests sent in it: where the time goes in order (work, or waiting). */
function printTasks(trace: { traceEvents: TraceEvent[] }, span: { from: number; to: number }) {
  const events = trace.traceEvents;
  const main = rendererMain(events);
  const lines: string[] = [];
  for (const e of events) {
    if (e.ts < span.from || e.ts > span.to) continue;
    if (e.name === 'ResourceSendRequest')
      lines.push(
        `${((e.ts - span.from) / 1000).toFixed(0).padStart(5)} ms  request ${JSON.stringify((e as unknown as { args: { data: { url: string } } }).args.data.url.replace(/^https?:\/\/[^/]+/, ''))}`,
      );
    if (e.name === 'ResourceReceiveResponse' || e.name === 'ResourceFinish')
      lines.push(`${((e.ts - span.from) / 1000).toFixed(0).padStart(5)} ms  ${e.name}`);
    if (main && e.tid === main.tid && e.name === 'EventDispatch')
      lines.push(
        `${((e.ts - span.from) / 1000).toFixed(0).padStart(5)} ms  event ${(e as unknown as { args: { data: { type: string } } }).args.data.type} ${((e.dur ?? 0) / 1000).toFixed(1)} ms`,
      );
    if (
      main &&
      e.tid === main.tid &&
      e.name === 'RunTask' &&
      (e.dur ?? 0) >= Number(process.env.TASKS) * 1000
    )
      lines.push(
        `${((e.ts - span.from) / 1000).toFixed(0).padStart(5)} ms  task ${((e.dur ?? 0) / 1000).toFixed(0)} ms`,
      );
  }
  lines.push(
    `${((span.to - span.from) / 1000).toFixed(0).padStart(5)} ms  done (first row, or the dashboard)`,
  );
  console.log(lines.sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10)).join('\n'));
}

/** The samples of a profile inside a window of its clock. */
function within(profile: Profile, window: { from: number; to: number }): Profile {
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at < window.from || at > window.to) return;
    samples.push(id);
    timeDeltas.push(profile.timeDeltas[i] ?? 0);
  });
  return { ...profile, samples, timeDeltas };
}

/** The source module (a short path) of a frame. */
function moduleOf(frame: ProfileNode['callFrame']): string {
  if (!frame.url) return `(${frame.functionName || 'program'})`;
  const consumer = consumerOf(frame.url);
  if (!consumer) return basename(frame.url);
  const pos = consumer.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!pos.source) return basename(frame.url);
  return pos.source
    .replace(/^.*node_modules\//, '')
    .replace(/^.*\/apps\/console\/src\//, 'src/')
    .replace(/^(\.\.\/)+/, '');
}

/** The package (or console folder) of a module. */
const areaOf = (module: string) => {
  if (module.startsWith('src/')) return module.split('/').slice(0, 3).join('/');
  const parts = module.split('/');
  if (parts[0]?.startsWith('@')) return parts.slice(0, 2).join('/');
  if (parts[0] === 'antd') return parts.slice(0, 3).join('/');
  return parts[0] ?? module;
};

function summarise(profiles: Profile[]) {
  const byModule = new Map<string, number>();
  const byArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const byComponent = new Map<string, number>();
  let total = 0;
  for (const profile of profiles) {
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    profile.samples.forEach((id, i) => {
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      const node = nodes.get(id)!;
      if (node.callFrame.functionName === '(idle)') return;
      total += ms;
      const module = moduleOf(node.callFrame);
      byModule.set(module, (byModule.get(module) ?? 0) + ms);
      byArea.set(areaOf(module), (byArea.get(areaOf(module)) ?? 0) + ms);
      const fn = `${node.callFrame.functionName || '(anonymous)'} ${module}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
      // by component: the function React called to render (the frame under renderWithHooks)
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const up = parent.get(at);
        if (up === undefined || nodes.get(up)!.callFrame.functionName !== 'renderWithHooks') continue;
        const frame = nodes.get(at)!.callFrame;
        const name = `${frame.functionName || '(anonymous)'} ${moduleOf(frame)}`;
        byComponent.set(name, (byComponent.get(name) ?? 0) + ms);
        break;
      }
      // inclusive: every function on the stack once
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const frame = nodes.get(at)!.callFrame;
        if (!frame.url) continue;
        const name = `${frame.functionName || '(anonymous)'} ${moduleOf(frame)}`;
        if (seen.has(name)) continue;
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
      }
    });
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, ms]) => ({ name, 'ms per click': Math.round((ms / profiles.length) * 10) / 10 }));
  console.log(`busy ms per click (not idle): ${Math.round(total / profiles.length)}`);
  console.table(top(byArea, 25));
  console.table(top(byModule, 30));
  console.table(top(byFunction, 30));
  console.log('render by component (its own render call and the hooks in it, not its children):');
  console.table(top(byComponent, 40));
  console.log('inclusive (the function and what it called):');
  console.table(top(inclusive, Number(process.env.INCLUSIVE ?? 80)));
}

/** Signed in by cookie: the dashboard, then the company list once (its code and the table's are warm), then the
 * dashboard again with "Banner list" under the pointer. */
async function openBannerItem(page: Page, baseURL: string) {
  const menu = page.getByRole('navigation', { name: /main menu/i });
  const open = async (name: string) => {
    const item = menu.getByRole('menuitem', { name, exact: true });
    if (!(await item.isVisible())) {
      await menu.getByRole('menuitem', { name: name.split(' ')[0]!, exact: true }).click();
      await item.waitFor();
    }
    return item;
  };
  await page.goto(`${baseURL}/dashboard`);
  await menu.waitFor();
  await (await open('Company list')).click();
  await page.locator('tr.ant-table-row').first().waitFor();
  // FROM=list: the click goes from the company list (kept in its tab, hidden) as bench/console.ts's "click at
  // once" does; by default from the dashboard, after a reload
  if (process.env.FROM !== 'list') {
    await page.goto(`${baseURL}/dashboard`);
    await menu.waitFor();
  }
  const item = await open('Banner list');
  await item.hover();
  return item;
}

/** The login page filled in (which loads the signed-in frame's code, as typing does), its button enabled. */
async function fillLogin(page: Page, baseURL: string) {
  await page.goto(`${baseURL}/login`);
  await page.getByLabel('Account', { exact: true }).fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('admin123');
  await page.getByLabel('Verification code', { exact: true }).fill(CAPTCHA_TEST_CODE);
  await page.locator('button[type="submit"]:not([disabled])').waitFor();
  await page.waitForLoadState('networkidle');
  return page.getByRole('button', { name: /log ?in/i });
}

/** A signed-in cold load of the dashboard, profiled from the navigation until a chart's canvas is on screen. */
async function profileDashboardLoad(context: BrowserContext, baseURL: string, token: string) {
  await context.addCookies([{ name: 'Admin-Token', value: token, url: baseURL }]);
  // marks the page's start and the first frame with a chart's canvas, on the trace's clock
  await context.addInitScript(`(() => {
    performance.mark('bench-click');
    function frame() {
      if (document.querySelector('.dashboard-chart canvas')) { performance.mark('bench-rows'); window.benchDone = performance.now(); return; }
      requestAnimationFrame(frame);
    }
    requestAnimationFrame(frame);
  })()`);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await browser().startTracing(page, { categories: TRACE_CATEGORIES });
  await cdp.send('Profiler.start');
  await page.goto(`${baseURL}/dashboard`);
  const handle = await page.waitForFunction(
    () => (globalThis as unknown as { benchDone?: number }).benchDone,
  );
  const ms = Number(await handle.jsonValue());
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const trace = JSON.parse((await browser().stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  const markAt = (name: string) => trace.traceEvents.find((e) => e.name === name)?.ts ?? Number.NaN;
  const span = { from: markAt('bench-click'), to: markAt('bench-rows') };
  if (process.env.TASKS) printTasks(trace, span);
  return { ms, profile, timeline: timeline(trace, span) };
}

let launched: Browser | null = null;
const browser = () => launched!;

async function main() {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'organiser-click-profile-'));
  const child: ChildProcess = spawn(process.execPath, ['apps/api/dist/main.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      CAPTCHA_TEST_CODE,
      CONSOLE_DIST: dist,
      DATABASE_URL: '',
    },
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  launched = browser;
  try {
    const deadline = Date.now() + 180_000;
    while (
      !(await fetch(`${baseURL}/api/readyz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline) throw new Error('server not ready');
      await new Promise((r) => setTimeout(r, 250));
    }
    const captcha = (await (await fetch(`${baseURL}/api/user/captcha`)).json()) as {
      content: { token: string };
    };
    const form = new FormData();
    form.set('account', 'admin');
    form.set('password', 'admin123');
    form.set('checkCode', CAPTCHA_TEST_CODE);
    form.set('token', captcha.content.token);
    const login = (await (
      await fetch(`${baseURL}/api/user/login`, { method: 'POST', body: form })
    ).json()) as {
      content: { token: string };
    };
    const profiles: Profile[] = [];
    const times: number[] = [];
    const traces: Map<string, number>[] = [];
    for (let run = 0; run <= RUNS; run += 1) {
      const context = await browser.newContext({ locale: 'en-GB' });
      if (FLOW === 'dashboard') {
        const sample = await profileDashboardLoad(context, baseURL, login.content.token);
        if (run > 0) {
          traces.push(sample.timeline);
          profiles.push(sample.profile);
          times.push(sample.ms);
        }
        await context.close();
        continue;
      }
      if (FLOW === 'menu')
        await context.addCookies([{ name: 'Admin-Token', value: login.content.token, url: baseURL }]);
      const page: Page = await context.newPage();
      const item = FLOW === 'login' ? await fillLogin(page, baseURL) : await openBannerItem(page, baseURL);
      if (FLOW === 'menu' && REST_MS) await page.waitForTimeout(REST_MS);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await page.evaluate(`(() => {
        window.benchClick = 0; window.benchRows = 0;
        function done() {
          if (${JSON.stringify(FLOW)} === 'login')
            return location.pathname !== '/login' && document.querySelector('nav[aria-label="Main menu"]') &&
              document.querySelector('h1');
          for (const row of document.querySelectorAll('tr.ant-table-row'))
            if (row.getClientRects().length > 0) return true;
          return false;
        }
        function frame() {
          if (done()) { window.benchRows = performance.now(); performance.mark('bench-rows'); return; }
          requestAnimationFrame(frame);
        }
        addEventListener('pointerdown', () => {
          performance.mark('bench-click');
          window.benchClick = performance.now(); requestAnimationFrame(frame);
        }, { capture: true, once: true });
      })()`);
      await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      await cdp.send('Profiler.start');
      await item.click();
      const handle = await page.waitForFunction(() => {
        const w = globalThis as unknown as { benchRows: number; benchClick: number };
        return w.benchRows > 0 && w.benchRows - w.benchClick;
      });
      const ms = Number(await handle.jsonValue());
      const { profile: whole } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
      const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      // the press and the first frame with a row, on the clock of the trace and of the profile
      const markAt = (name: string) => trace.traceEvents.find((e) => e.name === name)?.ts ?? Number.NaN;
      const span = { from: markAt('bench-click'), to: markAt('bench-rows') };
      const clickEvent = trace.traceEvents.find(
        (e) =>
          e.name === 'EventDispatch' &&
          (e as unknown as { args: { data: { type: string } } }).args.data.type === 'click' &&
          e.ts >= span.from,
      );
      const profile =
        process.env.PHASE === 'click' && clickEvent
          ? within(whole, { from: clickEvent.ts, to: clickEvent.ts + (clickEvent.dur ?? 0) })
          : process.env.PHASE === 'after' && clickEvent
            ? within(whole, { from: clickEvent.ts + (clickEvent.dur ?? 0), to: span.to })
            : within(whole, span);
      if (run > 0) traces.push(timeline(trace, span));
      if (run > 0 && process.env.TASKS) printTasks(trace, span);
      // the first run warms the browser up
      if (run > 0) {
        profiles.push(profile);
        times.push(ms);
      }
      await context.close();
    }
    console.log(
      `${FLOW === 'dashboard' ? 'load → charts drawn' : FLOW === 'login' ? 'click → dashboard' : 'click → first row'} ms: ${times.map(Math.round).join(', ')} (profiled, so slower than the bench)`,
    );
    summarise(profiles);
    if (traces.length) {
      const sum = new Map<string, number>();
      for (const t of traces) for (const [k, v] of t) sum.set(k, (sum.get(k) ?? 0) + v);
      console.log('main thread, top-level trace events inside the window (ms per click):');
      console.table(
        [...sum]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 15)
          .map(([name, ms]) => ({ name, ms: Math.round((ms / traces.length) * 10) / 10 })),
      );
    }
  } finally {
    await browser.close();
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
