import { checkA11y, expect, msg, openSignedIn, searchResults, test } from './frame';

// The menu search: Fuse over the permitted routes, labelled with their group; pinyin in Chinese.

// journeys load the real console and run axe: generous on busy shared machines
test.describe.configure({ timeout: 180_000 });

test('menu search in English: Ctrl+K, type, Enter', async ({ page, workerAdminToken }) => {
  await openSignedIn(page, '/dashboard', { token: workerAdminToken, lang: 'en' });
  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox', { name: msg('en', 'navbar.searchMenu') });
  await expect(input).toBeFocused();
  await input.pressSequentially('banner positions');
  await expect(searchResults(page).getByText('Banner > Banner positions', { exact: true })).toBeVisible();
  await checkA11y(page);
  await input.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/banner/banner_position_list');
  await expect(input).toBeHidden();
});

test('menu search by pinyin in Chinese, picked with the arrow keys', async ({ page, workerAdminToken }) => {
  await openSignedIn(page, '/dashboard', { token: workerAdminToken, lang: 'zh' });
  await page.getByRole('button', { name: msg('zh', 'navbar.searchMenu') }).click();
  const input = page.getByRole('combobox', { name: msg('zh', 'navbar.searchMenu') });
  await expect(input).toBeFocused();
  // every title segment has pinyin: the group (qiye = 企业) and the page (biaoqian = 标签)
  await input.pressSequentially('qiyebiaoqian');
  await expect(searchResults(page).getByText('企业管理 > 企业标签', { exact: true })).toBeVisible();
  await input.press('Escape');
  await page.keyboard.press('Control+k');
  await input.pressSequentially('hengfuweizhi');
  await expect(searchResults(page).first()).toHaveText('横幅管理 > 横幅位置');
  await input.press('ArrowDown');
  await input.press('ArrowUp');
  await input.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/banner/banner_position_list');
});

test('hidden pages are not search results', async ({ page, workerAdminToken }) => {
  await openSignedIn(page, '/dashboard', { token: workerAdminToken, lang: 'en' });
  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox', { name: msg('en', 'navbar.searchMenu') });
  await input.pressSequentially('edit banner');
  await expect(searchResults(page).getByText('Banner > Banner list', { exact: true })).toBeVisible();
  await expect(searchResults(page).getByText(/Edit banner/)).toHaveCount(0);
});
