import { api, setLang } from '../../fixtures';
import { buttonName, checkA11y, expect, frame, msg, openSignedIn, test } from './frame';

// Logout, /404, /401.

// journeys load the real console and run axe: generous on busy shared machines
test.describe.configure({ timeout: 180_000 });

test('logout clears the session and goes to /login', async ({ page, request }) => {
  // its own session: logging out revokes it on the server
  const token = await api(request, { account: 'editor', password: 'editor123' });
  await openSignedIn(page, '/profile/index', { token, lang: 'en' });
  await frame(page, 'en').userMenu.click();
  await page.getByRole('menuitem', { name: msg('en', 'navbar.logout') }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.search === '');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
  expect((await page.context().cookies()).some((c) => c.name === 'Admin-Token')).toBe(false);
  // the session is gone on the server too
  const info = await request.post('/api/user/get_current_user_info', { headers: { 'X-Token': token } });
  expect((await info.json()).code).toBe(50008);
  // and the pages need a new login
  await page.goto('/dashboard');
  await expect(page).toHaveURL((url) => url.pathname === '/login');
});

test('/404 for an unknown path, signed in or not', async ({ page, workerAdminToken }) => {
  await setLang(page, 'zh');
  await page.goto('/404');
  await expect(page.getByRole('heading', { name: msg('zh', 'errorPage.notFoundTitle') })).toBeVisible();
  await expect(page.getByText(msg('zh', 'errorPage.notFoundHint'))).toBeVisible();
  await checkA11y(page);

  await openSignedIn(page, '/dashboard', { token: workerAdminToken, lang: 'en' });
  await page.goto('/banner/no_such_page');
  await expect(page).toHaveURL((url) => url.pathname === '/404');
  await expect(page.getByRole('heading', { name: msg('en', 'errorPage.notFoundTitle') })).toBeVisible();
  await checkA11y(page);
  await page.getByRole('button', { name: msg('en', 'errorPage.backHome') }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
});

test('a page outside the permissions shows /401, and is not in the menu', async ({ page, request }) => {
  const token = await api(request, { account: 'editor', password: 'editor123' });
  await openSignedIn(page, '/dashboard', { token, lang: 'zh' });
  await expect(frame(page, 'zh').menu.getByText('系统管理')).toHaveCount(0);
  await page.goto('/systemManage/system_log_list');
  await expect(page).toHaveURL((url) => url.pathname === '/401');
  await expect(page.getByRole('heading', { name: msg('zh', 'errorPage.forbiddenTitle') })).toBeVisible();
  await checkA11y(page);
  await page.getByRole('button', { name: buttonName(msg('zh', 'errorPage.toDashboard')) }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
});
