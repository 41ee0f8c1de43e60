import { checkA11y, expect, frame, msg, openSignedIn, PRODUCT, tabTitle, test } from './frame';

// Language 中文 / English and size default / medium / small / mini, both without a reload.

// journeys load the real console and run axe: generous on busy shared machines
test.describe.configure({ timeout: 180_000 });

test('switching the language changes the menu, the title and antd texts, and is remembered', async ({
  page,
  workerAdminToken,
}) => {
  await openSignedIn(page, '/profile/index', { token: workerAdminToken, lang: 'en' });
  await expect(page).toHaveTitle(tabTitle(`Profile - ${PRODUCT.en}`));
  await page.getByRole('button', { name: /^Language/ }).click();
  await page.getByRole('menuitem', { name: '中文' }).click();
  await expect(page.getByText(msg('zh', 'navbar.switchLanguageSuccess'))).toBeVisible();
  const zh = frame(page, 'zh');
  await expect(zh.menu.getByText('首页', { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: msg('zh', 'layout.breadcrumb') })).toContainText(
    '个人中心',
  );
  // the document title follows at once, without waiting for the next navigation
  await expect(page).toHaveTitle(tabTitle(`个人中心 - ${PRODUCT.zh}`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  // antd's own texts: the drawer's close button is labelled by antd's locale
  await page.getByRole('button', { name: msg('zh', 'settings.open') }).click();
  await expect(page.getByRole('button', { name: '关闭', exact: true })).toBeVisible();
  // pinyin search is offered only in Chinese
  await expect(page.getByText(msg('zh', 'settings.pinyinSearch'))).toBeVisible();
  await checkA11y(page);
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(zh.menu.getByText('首页', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: /^语言/ }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByText('Switch Language Success')).toBeVisible();
  await expect(frame(page, 'en').menu.getByText('Dashboard', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(tabTitle(`Profile - ${PRODUCT.en}`));
  await page.getByRole('button', { name: msg('en', 'settings.open') }).click();
  await expect(page.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
  await expect(page.getByText(msg('en', 'settings.pinyinSearch'))).toHaveCount(0);
});

test('the size choice resizes the controls live and is remembered', async ({ page, workerAdminToken }) => {
  await openSignedIn(page, '/profile/index', { token: workerAdminToken, lang: 'en' });
  const nickname = page.getByLabel(msg('en', 'profile.nickname'));
  const height = async () => (await nickname.boundingBox())?.height ?? 0;
  /** The height once antd's resize transition has ended (two reads 100 ms apart agree). */
  const settled = async () => {
    let previous = -1;
    let current = await height();
    while (current !== previous) {
      await page.waitForTimeout(100);
      previous = current;
      current = await height();
    }
    return current;
  };
  const choose = async (size: string) => {
    await page.getByRole('button', { name: msg('en', 'navbar.size') }).click();
    await page.getByRole('menuitem', { name: msg('en', `size.${size}`), exact: true }).click();
    await expect(page.getByText('Switch Size Success').last()).toBeVisible();
  };
  const medium = await settled();
  await choose('default');
  await expect.poll(height).toBeGreaterThan(medium);
  const large = await settled();
  await choose('small');
  await expect.poll(height).toBeLessThan(medium);
  const small = await settled();
  await choose('mini');
  await expect.poll(height).toBeLessThan(small);
  // the current size is shown and cannot be chosen again
  await page.getByRole('button', { name: msg('en', 'navbar.size') }).click();
  await expect(page.getByRole('menuitem', { name: msg('en', 'size.mini'), exact: true })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(nickname).toBeVisible();
  expect(await height()).toBeLessThan(small);
  await choose('default');
  await expect.poll(height).toBeCloseTo(large, 0);
  await choose('medium');
});
