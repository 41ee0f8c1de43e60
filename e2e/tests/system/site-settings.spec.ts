import { buttonName, expect, type Lang, login, test } from '../../fixtures';

// Configuration management: the site name changed is seen in the page at once and after a reload, in both
// languages, then set back. Every page's title follows the site name, so this file runs in a project of its own
// after the other journeys (playwright.config.ts), never beside one that checks a title.

const texts = {
  en: {
    siteNameEn: 'Site name (English)',
    siteNameZh: 'Site name (Chinese)',
    save: 'Save',
    saved: 'Settings saved',
  },
  zh: {
    siteNameEn: '站点名称 (英文)',
    siteNameZh: '站点名称 (中文)',
    save: '保存',
    saved: '配置已保存',
  },
} satisfies Record<Lang, Record<string, string>>;

for (const lang of ['en', 'zh'] as const) {
  const tx = texts[lang];

  test(`configuration: the site name changed shows at once (${lang})`, async ({ page }) => {
    await login(page, { lang, redirect: '/configManage/config_manage' });
    const name = { en: `Fair ${lang} ${Date.now() % 100000}`, zh: `展会${lang}${Date.now() % 100000}` };
    await page.getByLabel(tx.siteNameEn, { exact: true }).fill(name.en);
    await page.getByLabel(tx.siteNameZh, { exact: true }).fill(name.zh);
    await page.getByRole('button', { name: buttonName(tx.save) }).click();
    await expect(page.getByText(tx.saved)).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(name[lang]));
    // and after a reload, from the page the server sends
    await page.reload();
    await expect(page).toHaveTitle(new RegExp(name[lang]));
    await expect(page.getByLabel(tx.siteNameEn, { exact: true })).toHaveValue(name.en);
    // back to the deployment's title
    await page.getByLabel(tx.siteNameEn, { exact: true }).clear();
    await page.getByLabel(tx.siteNameZh, { exact: true }).clear();
    await page.getByRole('button', { name: buttonName(tx.save) }).click();
    await expect(page).not.toHaveTitle(new RegExp(name[lang]));
  });
}
