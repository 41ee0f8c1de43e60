import AxeBuilder from '@axe-core/playwright';
import { type Envelope, messages, TOKEN_COOKIE } from '@organiser/domain';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

// Shared helpers for the browser tests. Import `test` and `expect` from here, not from @playwright/test.

export type Lang = 'en' | 'zh';

/** Answer accepted for every captcha by the server global-setup.ts starts (CAPTCHA_TEST_CODE). */
export const CAPTCHA_TEST_CODE = 'test-captcha';
export const DEMO_ACCOUNT = 'admin';
export const DEMO_PASSWORD = 'admin123';

/** `text` as a regular expression matching itself. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A button name as antd renders it: two-character Chinese labels get a space inserted ("登 录"). */
export function buttonName(label: string): RegExp {
  return new RegExp(`^\\s*${[...label].map(escapeRegExp).join('\\s*')}\\s*$`);
}

export type LoginLabels = { account: string; password: string; code: string; submit: RegExp };

function labelsOf(lang: Lang): LoginLabels {
  const { login } = messages[lang];
  return {
    account: login.account,
    password: login.password,
    code: login.checkCode,
    submit: buttonName(login.submit),
  };
}

/** The login page's visible labels, from the console's message catalogues. */
export const loginLabels: Record<Lang, LoginLabels> = { en: labelsOf('en'), zh: labelsOf('zh') };

function originOf(page: Page): string {
  if (page.url().startsWith('http')) return new URL(page.url()).origin;
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the tests through playwright.config.ts');
  return url;
}

/**
 * Whether a journey declared in a loop over both languages is declared for `lang`. A domain's critical path runs in
 * both languages; its other journeys and the frame's layout checks run in one each, the two shared out between them
 * (every journey in both would double the tier for little more).
 */
export const runsIn = (lang: Lang, ...only: Lang[]) => only.includes(lang);

/** Picks the console language before the first navigation (the stored choice wins). */
export async function setLang(page: Page, lang: Lang): Promise<void> {
  await page.context().addCookies([{ name: 'language', value: lang, url: originOf(page) }]);
}

export type LoginOptions = {
  account?: string;
  password?: string;
  lang?: Lang;
  /** The page the login ends on instead of the start page (the login page is asked for it with `/login?redirect=`). */
  redirect?: string;
};

/**
 * Opens a console path with a session made elsewhere (the API, a worker's shared token), in `lang`, as the login
 * page's form leaves the browser: the session in the console's cookie. Waits for the layout's main region (the skip
 * link's target; error pages and the login page have none), on any screen width. The first visit loads user info,
 * menu and the layout's code: slow on a busy machine.
 */
export async function openWithSession(
  page: Page,
  path: string,
  options: { token: string; lang?: Lang },
): Promise<void> {
  await setLang(page, options.lang ?? 'en');
  await page.context().addCookies([{ name: TOKEN_COOKIE, value: options.token, url: originOf(page) }]);
  await page.goto(path);
  await expect(page.locator('#main-content')).toBeVisible({ timeout: 30_000 });
}

/**
 * Signs in as `account` through the API and opens `redirect` (or the console's start page). The login page itself
 * has its journeys in tests/frame/login.spec.ts; every other journey starts where it works.
 */
export async function login(page: Page, options: LoginOptions = {}): Promise<void> {
  const { account = DEMO_ACCOUNT, password = DEMO_PASSWORD, lang = 'en', redirect } = options;
  const token = await api(page.request, { account, password });
  await openWithSession(page, redirect ?? '/', { token, lang });
  if (redirect) await expect(page).toHaveURL((url) => `${url.pathname}${url.search}`.startsWith(redirect));
}

/** Logs in through the real login page (account, password, captcha) and waits for the layout it lands on. */
export async function loginThroughPage(page: Page, options: LoginOptions = {}): Promise<void> {
  const { account = DEMO_ACCOUNT, password = DEMO_PASSWORD, lang = 'en', redirect } = options;
  const labels = loginLabels[lang];
  await setLang(page, lang);
  await page.goto(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login');
  await page.getByLabel(labels.account, { exact: true }).fill(account);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByLabel(labels.code, { exact: true }).fill(CAPTCHA_TEST_CODE);
  await page.getByRole('button', { name: labels.submit }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  if (redirect) await expect(page).toHaveURL((url) => `${url.pathname}${url.search}`.startsWith(redirect));
  await expect(page.locator('#main-content')).toBeVisible();
}

export type ApiLoginOptions = { account?: string; password?: string };

/** Logs in through the API (captcha token + the test code) and returns the session token for X-Token. */
export async function api(request: APIRequestContext, options: ApiLoginOptions = {}): Promise<string> {
  const { account = DEMO_ACCOUNT, password = DEMO_PASSWORD } = options;
  const captcha = await request.get('/api/user/captcha');
  expect(captcha.ok(), `GET /api/user/captcha answered ${captcha.status()}`).toBe(true);
  const { content } = (await captcha.json()) as Envelope<{ token: string }>;
  const response = await request.post('/api/user/login', {
    multipart: { account, password, checkCode: CAPTCHA_TEST_CODE, token: content.token },
  });
  const body = (await response.json()) as Envelope<{ token: string } | null>;
  if (!body.success || !body.content?.token) {
    throw new Error(`API login as ${account} refused: ${body.code} ${body.message}`);
  }
  return body.content.token;
}

export type A11yOptions = {
  /** CSS selectors left out of the scan (e.g. a third-party widget with its own issues). */
  exclude?: string[];
  /** axe rule ids not checked, each with a reason in the test. */
  disableRules?: string[];
  /**
   * Scan a Chinese page too. By default a journey's scans run on its English pass only: a screen's structure,
   * roles and colours are the same in both languages, and a scan takes 1-6 s. tests/frame/a11y.spec.ts scans
   * every frame screen in both languages with this set.
   */
  everyLanguage?: boolean;
};

/**
 * Runs axe on the page and fails on any serious or critical finding, listing each with its elements. Legacy mode
 * runs axe inside the page itself: the default mode opens a blank page to assemble its results, which sends the
 * page under test to the background, where Chromium throttles its timers and the journey's next clicks can stall.
 */
export async function expectNoSeriousA11y(page: Page, options: A11yOptions = {}): Promise<void> {
  if (!options.everyLanguage) {
    const lang = await page.evaluate(() => document.documentElement.lang);
    if (lang.startsWith('zh')) return;
  }
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  // only the violations are read: axe then details one passing node per rule instead of every node, which halves
  // a scan of a long list or the icon page
  const { violations } = await builder.options({ resultTypes: ['violations'] }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      // each element with axe's reason (for contrast: the ratio and both colours)
      targets: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.any[0]?.message ?? ''}`),
    }));
  expect(serious, `serious accessibility findings on ${page.url()}`).toEqual([]);
}

type Fixtures = {
  /** A session token of the demo admin, logged in through the API. */
  adminToken: string;
  /** Set to true with test.use() in a test that provokes uncaught errors on purpose. */
  allowPageErrors: boolean;
  pageErrors: Error[];
};

export const test = base.extend<Fixtures>({
  adminToken: async ({ request }, use) => {
    await use(await api(request));
  },
  allowPageErrors: [false, { option: true }],
  // An uncaught error in the console fails the test that caused it, even if the screen still looks right.
  pageErrors: [
    async ({ page, allowPageErrors }, use) => {
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      await use(errors);
      if (!allowPageErrors) {
        expect(
          errors.map((error) => error.message),
          'uncaught errors in the page',
        ).toEqual([]);
      }
    },
    { auto: true },
  ],
});

export { expect };
