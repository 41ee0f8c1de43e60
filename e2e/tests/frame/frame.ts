import { flattenMessages, messages } from '@organiser/domain';
import type { Page } from '@playwright/test';
import {
  api,
  test as base,
  buttonName,
  expect,
  expectNoSeriousA11y,
  type Lang,
  openWithSession,
} from '../../fixtures';

// Helpers of the console frame journeys. Texts come from the console's own catalogues, so a journey
// reads the screen the way a user of that language does.

export { expect, type Lang };

const flat = { en: flattenMessages(messages.en), zh: flattenMessages(messages.zh) };

/** A console message in a language, with `{{name}}` placeholders filled. */
export function msg(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const text = flat[lang][key];
  if (text === undefined) throw new Error(`no message ${key}`);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

export { buttonName };

export const PRODUCT = { en: 'Organiser Console', zh: '主办方管理后台' } as const;

/** A tab's title: the page's, after the signed-in person's count of waiting work when there is any ("(3) …"). */
export const tabTitle = (title: string) =>
  new RegExp(`^(\\(\\d+\\) )?${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

type WorkerFixtures = { workerAdminToken: string };

/**
 * One admin session per worker, made through the API: the server limits logins per account and per address,
 * and most journeys only need to be signed in. Journeys that end their session (logout, revocation) make their own.
 */
export const test = base.extend<object, WorkerFixtures>({
  workerAdminToken: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
      await use(await api(request));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
});

/** Opens a console path already signed in with `token`, in `lang`, and waits for the main menu. */
export async function openSignedIn(
  page: Page,
  path: string,
  options: { token: string; lang?: Lang },
): Promise<void> {
  await openWithSession(page, path, options);
  await expect(
    page.getByRole('navigation', { name: msg(options.lang ?? 'en', 'layout.mainMenu') }),
  ).toBeVisible({
    timeout: 30_000,
  });
}

/** The header search's result rows (the select's visible list, not its hidden accessibility copy). */
export const searchResults = (page: Page) =>
  page.locator('.ant-select-dropdown .ant-select-item-option-content');

/** The main menu, the tab strip and the top bar. */
export const frame = (page: Page, lang: Lang) => ({
  menu: page.getByRole('navigation', { name: msg(lang, 'layout.mainMenu') }),
  tabs: page.getByRole('navigation', { name: msg(lang, 'layout.openPages') }),
  tab: (title: string) =>
    page
      .getByRole('navigation', { name: msg(lang, 'layout.openPages') })
      .getByRole('button', { name: title, exact: true }),
  tabTitles: () =>
    page
      .getByRole('navigation', { name: msg(lang, 'layout.openPages') })
      .locator('.app-tag-title')
      .allInnerTexts(),
  userMenu: page.getByRole('button', { name: new RegExp(`^${msg(lang, 'navbar.userMenu')}`) }),
});

/** No serious or critical axe finding on the page. */
export const checkA11y = (page: Page) => expectNoSeriousA11y(page);
