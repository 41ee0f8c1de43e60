import type { Page } from '@playwright/test';
import { openWithSession } from '../../fixtures';
import { checkA11y, expect, frame, msg, test } from './frame';

// Below 992 px the sidebar is a drawer that closes on navigation; the header tools stay reachable.

// journeys load the real console and run axe: generous on busy shared machines
test.describe.configure({ timeout: 180_000 });

test.use({ viewport: { width: 390, height: 844 } });

test('mobile: the menu is a drawer that closes on navigation', async ({ page, workerAdminToken }) => {
  const ui = frame(page, 'en');
  const lang = 'en';
  await setMobile(page, workerAdminToken);
  // the top bar keeps its tools on a phone: menu search, size, language and the user menu
  await expect(page.getByRole('button', { name: msg(lang, 'navbar.searchMenu') })).toBeInViewport();
  await expect(page.getByRole('button', { name: msg(lang, 'navbar.size') })).toBeInViewport();
  await expect(page.getByRole('button', { name: /^Language/ })).toBeInViewport();
  await expect(ui.userMenu).toBeInViewport();
  await expect(ui.menu).toBeHidden();

  await page.getByRole('button', { name: msg(lang, 'layout.toggleSidebar') }).click();
  await expect(ui.menu).toBeVisible();
  await checkA11y(page);
  await ui.menu.getByRole('menuitem', { name: 'Banner', exact: true }).click();
  await ui.menu.getByRole('link', { name: 'Banner positions' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/banner/banner_position_list');
  await expect(ui.menu).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Banner positions' })).toBeVisible();
});

async function setMobile(page: Page, token: string) {
  await openWithSession(page, '/dashboard', { token });
  await expect(page.getByRole('button', { name: msg('en', 'layout.toggleSidebar') })).toBeVisible();
}

test('mobile: the sidebar stays closed after a reload', async ({ page, workerAdminToken }) => {
  await setMobile(page, workerAdminToken);
  await page.reload();
  await expect(frame(page, 'en').menu).toBeHidden();
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
});
