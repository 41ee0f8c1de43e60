import { buttonName, checkA11y, expect, msg, openSignedIn, test } from './frame';

// In production builds runtime errors go to an in-app error log.

// journeys load the real console and run axe: generous on busy shared machines
test.describe.configure({ timeout: 180_000 });

test.use({ allowPageErrors: true });

test('an uncaught error shows the bug button; its log lists the error and Clear All empties it', async ({
  page,
  workerAdminToken,
}) => {
  await openSignedIn(page, '/dashboard', { token: workerAdminToken, lang: 'en' });
  await expect(page.getByRole('button', { name: /^Error log/ })).toHaveCount(0);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('Broken on purpose');
    });
  });
  const bug = page.getByRole('button', { name: msg('en', 'errorLog.open', { count: 1 }) });
  await expect(bug).toBeVisible();
  await bug.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(msg('en', 'errorLog.title'));
  await expect(dialog).toContainText('Broken on purpose');
  await expect(dialog).toContainText('/dashboard');
  await checkA11y(page);
  await dialog.getByRole('button', { name: buttonName(msg('en', 'errorLog.clearAll')) }).click();
  await expect(page.getByRole('button', { name: /^Error log/ })).toHaveCount(0);
});

test('/redirect/{path} reopens the path with its query', async ({ page, workerAdminToken }) => {
  await openSignedIn(page, '/dashboard', { token: workerAdminToken, lang: 'en' });
  await page.goto('/redirect/profile/index?from=test');
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === '/profile/index?from=test');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible({ timeout: 30_000 });
});
