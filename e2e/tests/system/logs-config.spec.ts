import { buttonName, expect, type Lang, login, test } from '../../fixtures';

// The system log (filter, a row's details with secrets redacted), in both languages. Changing the site name is
// in site-settings.spec.ts: it changes every page's title, so it runs after the other journeys.

const texts = {
  en: {
    url: 'URL',
    more: 'More filters',
    search: 'Search',
    details: 'Details',
    request: 'Request arguments',
  },
  zh: {
    url: '请求地址',
    more: '更多筛选',
    search: '搜索',
    details: '详情',
    request: '请求参数',
  },
} satisfies Record<Lang, Record<string, string>>;

for (const lang of ['en', 'zh'] as const) {
  const tx = texts[lang];

  test(`system log: filter by url and open a row's details (${lang})`, async ({ page }) => {
    await login(page, { lang, redirect: '/systemManage/system_log_list' });
    const search = page.getByRole('search');
    await search.getByRole('button', { name: new RegExp(tx.more) }).click();
    await search.getByLabel(tx.url, { exact: true }).fill('/api/user/login');
    await search.getByRole('button', { name: buttonName(tx.search) }).click();
    await expect(page).toHaveURL(/url=%2Fapi%2Fuser%2Flogin/);
    const table = page.locator('.entity-table');
    const rows = table.locator('tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    for (const text of await rows.locator('td').filter({ hasText: '/api/' }).allTextContents())
      expect(text).toContain('/api/user/login');
    await rows
      .first()
      .getByRole('button', { name: new RegExp(tx.details) })
      .click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText(tx.request, { exact: true })).toBeVisible();
    // the arguments are pretty-printed JSON, the password redacted
    const args = drawer.locator('pre.report-json').first();
    await expect(args).toContainText('"password": "[redacted]"');
    await expect(args).not.toContainText('admin123');
  });
}
