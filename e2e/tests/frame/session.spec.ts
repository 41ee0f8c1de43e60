import { api } from '../../fixtures';
import { buttonName, expect, msg, openSignedIn, test } from './frame';

// Session refusals: 401 → the time-out dialog; 50008 / 50012 / 50014 → "Confirm logout"; one dialog at a time.

// journeys load the real console and run axe: generous on busy shared machines
test.describe.configure({ timeout: 180_000 });

test('a session timed out on the server shows the time-out dialog once', async ({ page, request }) => {
  const token = await api(request, { account: 'editor', password: 'editor123' });
  await openSignedIn(page, '/profile/index', { token, lang: 'en' });
  // The server answers 401 once a session has been idle longer than session.idleMinutes (120 by default); the
  // answer is played back here so the test need not wait that long. Every call of the reload fails with it.
  const sessionCalls = /\/api\/(user|oss)\//;
  await page.route(sessionCalls, (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({
        success: false,
        code: 401,
        message: 'You have been logged out due to time-out, please log in again',
        content: null,
      }),
    }),
  );
  // The page itself then carries no answers of the session (the server asks the same routes when it makes the
  // page, and writes only what they grant): played back so too.
  await page.route(
    (url) => url.pathname === '/profile/index',
    async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/<script id="inlined-answers"[\s\S]*?<\/script>/, '');
      await route.fulfill({ response, body });
    },
  );
  await page.reload();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(msg('en', 'session.timeoutContent'));
  // user info, menu and file prefix all failed: still one dialog
  await page.waitForTimeout(500);
  await expect(dialog).toHaveCount(1);
  await page.unroute(sessionCalls);
  await dialog.getByRole('button', { name: msg('en', 'session.loginAgain') }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a session revoked on the server: one "Confirm logout" box; Cancel stays, Re-Login logs in again', async ({
  page,
  request,
}) => {
  const token = await api(request, { account: 'editor', password: 'editor123' });
  await openSignedIn(page, '/profile/index', { token, lang: 'zh' });
  // the session ends on the server (as after a logout elsewhere): the next calls answer 50008
  await request.post('/api/user/logout', { headers: { 'X-Token': token } });
  const save = page.getByRole('button', { name: buttonName(msg('zh', 'common.save')) });
  await save.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(msg('zh', 'session.logoutTitle'));
  await expect(dialog).toContainText(msg('zh', 'session.logoutContent'));
  await expect(dialog).toHaveCount(1);
  await dialog.getByRole('button', { name: buttonName(msg('zh', 'common.cancel')) }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL((url) => url.pathname === '/profile/index');

  // the save button ignores a second click for 3 s
  await page.waitForTimeout(3100);
  await save.click();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: msg('zh', 'session.reLogin') })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/profile/index');
});
