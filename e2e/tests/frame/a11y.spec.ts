import type { Page } from '@playwright/test';
import { expectNoSeriousA11y } from '../../fixtures';
import { expect, frame, type Lang, msg, openSignedIn, searchResults, test } from './frame';

// Every screen of the frame has no serious or critical axe finding. (The domain journeys scan their English pass only;
// this is where Chinese pages are scanned.) A screen's structure, roles and colours are the same in both languages:
// the English pass scans every screen and overlay, the Chinese one the start page and the engine's list, then the
// dark theme with a collapsed sidebar.

const checkA11y = (page: Page) => expectNoSeriousA11y(page, { everyLanguage: true });

// journeys load the real console and run axe: generous on busy shared machines
test.describe.configure({ timeout: 180_000 });

const screens = [
  { path: '/dashboard', ready: 'dashboard.shortcuts' },
  // a report screen with a period (every catalogue page has its screen now: no "not available yet" is left)
  { path: '/conduct_statistical/c_user_conduct_statistical_list', ready: undefined },
  { path: '/profile/index', ready: 'profile.nickname' },
  { path: '/profile/Changepwd', ready: 'password.repeat' },
  { path: '/icon/index', ready: 'icons.hint' },
  // the engine's generic list last: the drawer, search, tab menu and dark-theme checks below run on it
  { path: '/banner/banner_list', ready: undefined, table: true },
] as const;

for (const lang of ['en', 'zh'] satisfies Lang[]) {
  test(`frame screens have no serious accessibility findings (${lang})`, async ({
    page,
    workerAdminToken,
  }) => {
    await openSignedIn(page, '/dashboard', { token: workerAdminToken, lang });
    const ui = frame(page, lang);
    const scanned = lang === 'en' ? screens : screens.filter((s) => s.path === '/dashboard' || 'table' in s);
    for (const screen of scanned) {
      // in the page, as the menu goes: the console loads once
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, screen.path);
      await expect(ui.menu).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      if (screen.ready)
        await expect(page.getByText(msg(lang, screen.ready)).filter({ visible: true }).first()).toBeVisible();
      if ('table' in screen) await expect(page.getByRole('table')).toBeVisible({ timeout: 30_000 });
      // a keyboard or screen-reader user continues in the page opened (the start page is where they began)
      if (screen.path !== '/dashboard') await expect(page.locator('#main-content')).toBeFocused();
      // a hover effect under a leftover mouse position is not what is being checked
      await page.mouse.move(0, 0);
      await checkA11y(page);
    }

    if (lang === 'zh') {
      // the dark theme and a collapsed sidebar
      await page.getByRole('button', { name: msg(lang, 'layout.toggleSidebar') }).click();
      await page.getByRole('button', { name: msg(lang, 'settings.open') }).click();
      await page.getByLabel(msg(lang, 'settings.darkMode')).click();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await checkA11y(page);
      return;
    }

    // with the settings drawer, the search results and a tab menu open
    await page.getByRole('button', { name: msg(lang, 'settings.open') }).click();
    await expect(page.getByText(msg(lang, 'settings.theme')).first()).toBeVisible();
    await checkA11y(page);
    await page.keyboard.press('Escape');
    // the drawer hands focus back to its button once its closing animation ends
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.keyboard.press('Control+k');
    await page
      .getByRole('combobox', { name: msg(lang, 'navbar.searchMenu') })
      .pressSequentially(lang === 'en' ? 'banner' : '横幅');
    await expect(searchResults(page).first()).toBeVisible();
    await checkA11y(page);
    await page.keyboard.press('Escape');

    await ui.tabs.locator('.app-tag-title').first().click({ button: 'right' });
    await expect(page.getByRole('menuitem', { name: msg(lang, 'tagsView.refresh') })).toBeVisible();
    await checkA11y(page);
    await page.keyboard.press('Escape');
  });
}
