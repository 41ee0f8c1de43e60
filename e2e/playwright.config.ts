import { defineConfig } from '@playwright/test';

// Browser tests run in Debian's Chromium (apt-get install chromium fonts-noto-cjk); Playwright's own
// browser download is not reachable from these machines.
const isCI = Boolean(process.env.CI);

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  // The machines have no outside network: without these Chromium keeps trying to reach Google's hosts.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: 'tests',
  // Starts the real server once on a free port with a fresh data folder; see global-setup.ts.
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: Number(process.env.E2E_WORKERS) || 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    // Set by global-setup.ts before the workers start (or given by the caller to test a running server).
    baseURL: process.env.E2E_BASE_URL,
    locale: 'en-US',
    timezoneId: 'Asia/Shanghai',
    // The console leaves out antd's opening, closing and sliding animations for a person whose system asks for
    // reduced motion (apps/console/src/app/theme.test.ts): the journeys run so, which halves the browser's
    // compositing work on a 2-core machine and takes the waits for animations' ends out of every step.
    reducedMotion: 'reduce',
    viewport: { width: 1280, height: 800 },
    // a step that cannot happen fails within this, instead of holding its worker for the whole test timeout
    actionTimeout: 30_000,
    // Recording a trace snapshots the page at every step: a quarter of the tier's time (company, Chinese-screen and
    // accessibility journeys: 111 s with it, 84 s without). In CI a test that fails is run again with a trace; on a
    // developer's machine every failed test keeps its trace.
    trace: isCI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: /site-settings\.spec\.ts$/ },
    // Journeys that change what every page shows (the site name): after the others, never beside them.
    {
      name: 'site-wide',
      use: { browserName: 'chromium' },
      testMatch: /site-settings\.spec\.ts$/,
      dependencies: ['chromium'],
    },
  ],
});
