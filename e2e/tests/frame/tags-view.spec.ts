import type { Locator, Page } from '@playwright/test';
import { en as engineEn } from '../../../apps/console/src/messages/en';
import { zh as engineZh } from '../../../apps/console/src/messages/zh';
import { buttonName } from '../../fixtures';
import { checkA11y, expect, frame, type Lang, msg, openSignedIn, test } from './frame';

const engineTexts = { en: engineEn, zh: engineZh };

// The tags view: tabs with page state kept, and every context-menu action.

// journeys load the real console and run axe: generous on busy shared machines
test.describe.configure({ timeout: 180_000 });

const titles = {
  en: {
    dashboard: 'Dashboard',
    profile: 'Profile',
    banners: 'Banner list',
    companies: 'Company list',
    icons: 'Icons',
  },
  zh: { dashboard: '首页', profile: '个人中心', banners: '横幅列表', companies: '企业列表', icons: '图标' },
} as const;

/**
 * Clicks a tab menu's entry as a person does: the mouse at the entry once the menu has zoomed in. A locator's
 * click first scrolls the window to bring the sticky header's own place into view, which moves the page under the
 * menu and closes it.
 */
async function clickMenuEntry(page: Page, item: Locator) {
  await expect(item).toBeInViewport();
  await item.evaluate((entry) =>
    Promise.all(
      (entry.closest('.ant-dropdown') ?? entry).getAnimations({ subtree: true }).map((a) => a.finished),
    ),
  );
  const box = await item.boundingBox();
  if (!box) throw new Error('the menu entry has no box');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

// in Chinese: the tabs behave the same in both languages (tests/frame/a11y.spec.ts opens the tab menu in English)
for (const lang of ['zh'] as Lang[]) {
  test(`tabs keep page state; Refresh, Close, middle-click, Close Others and Close All (${lang})`, async ({
    page,
    workerAdminToken,
  }) => {
    const t = titles[lang];
    const ui = frame(page, lang);
    /** Runs a tab's menu entry; `done` checks its effect (for an entry that may run twice, as Close Others). */
    const menuAction = async (tab: string, action: string, done?: () => Promise<void>) => {
      const item = page.getByRole('menuitem', { name: msg(lang, action), exact: true });
      // on a loaded machine a click can land while the menu still zooms in, and the menu closes without acting:
      // open it again until the entry has done its work
      await expect(async () => {
        if ((await item.count()) === 0) await ui.tab(tab).click({ button: 'right' });
        await clickMenuEntry(page, item);
        await done?.();
      }).toPass({ timeout: 60_000 });
      // the menu's closing animation ends before the next right-click opens another tab's menu
      await expect(item).toHaveCount(0);
    };

    await openSignedIn(page, '/profile/index', { token: workerAdminToken, lang });
    const intro = page.getByLabel(msg(lang, 'profile.introduction'));
    await intro.fill('typed but not saved');
    // a list page with its state in the query string, opened inside the console (a full load resets the tabs)
    await page.evaluate(() => {
      window.history.pushState(null, '', '/banner/banner_list?keyword=no-such-banner');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(ui.tab(t.banners)).toBeVisible();
    await ui.menu
      .getByRole('menuitem', { name: lang === 'en' ? 'Company' : '企业管理', exact: true })
      .click();
    await ui.menu.getByRole('link', { name: t.companies, exact: true }).click();
    await expect(ui.tab(t.companies)).toBeVisible();
    await expect.poll(ui.tabTitles).toEqual([t.dashboard, t.profile, t.banners, t.companies]);

    // switching back keeps the unsaved input (page kept alive) and the list's query string
    await ui.tab(t.profile).click();
    await expect(page).toHaveURL((url) => url.pathname === '/profile/index');
    await expect(intro).toHaveValue('typed but not saved');
    await ui.tab(t.banners).click();
    await expect(page).toHaveURL(
      (url) => `${url.pathname}${url.search}` === '/banner/banner_list?keyword=no-such-banner',
    );

    // Refresh reads the data again but keeps what the user set up on the page
    await ui.tab(t.profile).click();
    await menuAction(t.profile, 'tagsView.refresh');
    await expect(intro).toHaveValue('typed but not saved');
    await checkA11y(page);

    // Close on a background tab: it goes, the page stays
    await menuAction(t.banners, 'tagsView.close');
    await expect.poll(ui.tabTitles).toEqual([t.dashboard, t.profile, t.companies]);
    await expect(page).toHaveURL((url) => url.pathname === '/profile/index');

    // the pinned dashboard has no close button and no Close entry
    await expect(
      page.getByRole('button', { name: msg(lang, 'tagsView.closeTab', { title: t.dashboard }) }),
    ).toHaveCount(0);
    await ui.tab(t.dashboard).click({ button: 'right' });
    await expect(page.getByRole('menuitem', { name: msg(lang, 'tagsView.close'), exact: true })).toHaveCount(
      0,
    );
    await page.keyboard.press('Escape');

    // middle-click closes the current tab and shows the last one
    await ui.tab(t.companies).click();
    await ui.tab(t.companies).click({ button: 'middle' });
    await expect.poll(ui.tabTitles).toEqual([t.dashboard, t.profile]);
    await expect(page).toHaveURL((url) => url.pathname === '/profile/index');

    // Close Others from a background tab shows it and keeps only it and the dashboard
    await ui.menu.getByRole('link', { name: t.companies, exact: true }).click();
    await expect.poll(ui.tabTitles).toEqual([t.dashboard, t.profile, t.companies]);
    await menuAction(t.profile, 'tagsView.closeOthers', () =>
      expect.poll(ui.tabTitles, { timeout: 5_000 }).toEqual([t.dashboard, t.profile]),
    );
    await expect(page).toHaveURL((url) => url.pathname === '/profile/index');
    await expect.poll(ui.tabTitles).toEqual([t.dashboard, t.profile]);

    // Close All from the pinned dashboard while another page is shown: no page is left without its tab; the
    // profile's typed but unsaved introduction would be lost, so the console asks first
    await menuAction(t.dashboard, 'tagsView.closeAll', () =>
      expect.poll(ui.tabTitles, { timeout: 5_000 }).toEqual([t.dashboard]),
    );
    const leave = page.getByRole('dialog', { name: engineTexts[lang]['form.leaveTitle'] });
    await leave.getByRole('button', { name: buttonName(engineTexts[lang]['form.leave']) }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
    await expect.poll(ui.tabTitles).toEqual([t.dashboard]);
  });
}

test('a tab keeps its scroll position', async ({ page, workerAdminToken }) => {
  const ui = frame(page, 'en');
  await openSignedIn(page, '/icon/index', { token: workerAdminToken });
  await expect(page.getByRole('button', { name: 'AccountBookOutlined' })).toBeVisible({ timeout: 30_000 });
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  const kept = await page.evaluate(() => window.scrollY);
  await ui.tab('Dashboard').click();
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await ui.tab('Icons').click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(kept);

  // the tab menu opened on a scrolled page stays with its tab in the (sticky) header, and its entries take the click
  await ui.tab('Icons').click({ button: 'right' });
  await clickMenuEntry(page, page.getByRole('menuitem', { name: 'Close', exact: true }));
  await expect.poll(ui.tabTitles).toEqual(['Dashboard']);

  // opened again inside the console, the page starts at the top
  await page.evaluate(() => {
    window.history.pushState(null, '', '/icon/index');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('button', { name: 'AccountBookOutlined' })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
