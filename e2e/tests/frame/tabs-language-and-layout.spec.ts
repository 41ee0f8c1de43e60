import { companyAudit, type Lang } from '@organiser/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { CAPTCHA_TEST_CODE, loginLabels, openWithSession, setLang } from '../../fixtures';
import { apiCall, confirmDialog, LOAD, rowOf, texts, uniqueToken, uploadPng } from '../suppliers/helpers';
import { buttonName, checkA11y, expect, frame, msg, openSignedIn, PRODUCT, test } from './frame';

// The console frame as a new user meets it, in both languages: Refresh on a tab, the sidebar back to an open tab,
// a language switch over labels the server gives, layout settings after a reload, a phone-width screen, the
// company audit queue at 1440 px, and the anonymous home page.

test.describe.configure({ timeout: 180_000 });

const other = (lang: Lang): Lang => (lang === 'en' ? 'zh' : 'en');
const LANGUAGE_NAME = { en: 'English', zh: '中文' } as const;
const companyListTitle = { en: 'Company list', zh: '企业列表' } as const;
const auditState = (value: string, lang: Lang) => {
  const field = companyAudit.fields.auditStatus!;
  return field.kind === 'enum' ? field.options.find((o) => o.value === value)!.label[lang] : value;
};

/** A company of this test's own, in a category of its own (so its label is known in both languages). */
async function companyWithCategory(request: APIRequestContext, token: string, adminToken: string) {
  const category = await apiCall<{ id: number }>(request, adminToken, 'POST', '/company_category', {
    enName: `${token} Pumps`,
    zhName: `${token} 水泵`,
  });
  const image = await uploadPng(request, adminToken);
  const company = await apiCall<{ id: number; version: number }>(request, adminToken, 'POST', '/company', {
    name: `${token} Alpha Ltd.`,
    logo: image,
    backgroundImg: image,
    introduce: 'Pumps for the browser tests.',
    telphone: '86-75512345678',
    email: `${token}@example.com`,
    account: token,
    countryCode: 'CN',
    belongAddress: 'No. 1 Test Road',
    categoryIds: [category.id],
  });
  return { company, category: { en: `${token} Pumps`, zh: `${token} 水泵` } };
}

async function switchLanguage(page: Page, from: Lang, to: Lang) {
  await page.getByRole('button', { name: new RegExp(`^${msg(from, 'navbar.language')}`) }).click();
  await page.getByRole('menuitem', { name: LANGUAGE_NAME[to] }).click();
  await expect(page.getByText(msg(to, 'navbar.switchLanguageSuccess'))).toBeVisible();
}

// in English: the journey itself switches to Chinese and checks the tab is relabelled
for (const lang of ['en'] as const) {
  test(`a list tab: Refresh re-reads it and keeps its filter, the menu returns to it, a language switch relabels it (${lang})`, async ({
    page,
    request,
    workerAdminToken,
  }) => {
    const t = texts[lang];
    const ui = frame(page, lang);
    const token = uniqueToken(`ff${lang}`);
    const { company, category } = await companyWithCategory(request, token, workerAdminToken);
    await openSignedIn(page, `/company/company_list?keyword=${token}`, { token: workerAdminToken, lang });
    const row = rowOf(page, `${token} Alpha Ltd.`);
    await expect(row.getByText(category[lang], { exact: true })).toBeVisible(LOAD);

    // typed but not searched yet, then the company is renamed elsewhere
    const keyword = page.getByLabel(t['list.keyword'], { exact: true });
    await keyword.fill(`${token} typed`);
    await apiCall(request, workerAdminToken, 'PUT', `/company/${company.id}`, {
      version: company.version,
      name: `${token} Renamed Ltd.`,
    });
    const listed = page.waitForResponse((r) => r.url().includes('/api/company/list'));
    await ui.tab(companyListTitle[lang]).click({ button: 'right' });
    await page.getByRole('menuitem', { name: msg(lang, 'tagsView.refresh'), exact: true }).click();
    await listed;
    await expect(rowOf(page, `${token} Renamed Ltd.`)).toHaveCount(1, LOAD);
    await expect(page).toHaveURL((url) => url.searchParams.get('keyword') === token);
    await expect(keyword).toHaveValue(`${token} typed`);

    // away to the dashboard, back through the sidebar: the list as it was
    await ui.tab(msg(lang, 'navbar.dashboard')).click();
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
    await ui.menu.getByRole('link', { name: companyListTitle[lang], exact: true }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('keyword') === token);
    await expect(rowOf(page, `${token} Renamed Ltd.`)).toHaveCount(1, LOAD);

    // the other language: the category the server labels follows without a reload
    const to = other(lang);
    await switchLanguage(page, lang, to);
    const renamed = rowOf(page, `${token} Renamed Ltd.`);
    await expect(renamed.getByText(category[to], { exact: true })).toBeVisible(LOAD);
    await expect(renamed.getByText(category[lang], { exact: true })).toHaveCount(0);
    await checkA11y(page);
  });
}

test('layout settings in Chinese are kept after a reload', async ({ page, workerAdminToken }) => {
  await openSignedIn(page, '/dashboard', { token: workerAdminToken, lang: 'zh' });
  await page.getByRole('button', { name: msg('zh', 'settings.open') }).click();
  const drawer = page.getByRole('dialog', { name: msg('zh', 'settings.title') });
  for (const key of ['settings.tagsView', 'settings.fixedHeader', 'settings.sidebarLogo'])
    await expect(drawer.getByText(msg('zh', key), { exact: true })).toBeVisible();
  await expect(drawer).not.toContainText(/Tags-View|Header|Logo/);
  await checkA11y(page);
  await drawer.getByRole('switch', { name: msg('zh', 'settings.sidebarLogo') }).click();
  await drawer.getByRole('switch', { name: msg('zh', 'settings.tagsView') }).click();
  await drawer.getByRole('radio', { name: msg('zh', 'settings.themeColour', { colour: '#304156' }) }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: PRODUCT.zh })).toBeVisible();

  await page.reload();
  await expect(frame(page, 'zh').menu).toBeVisible(LOAD);
  await expect(page.getByRole('link', { name: PRODUCT.zh })).toBeVisible();
  await expect(frame(page, 'zh').tabs).toHaveCount(0);
  await page.getByRole('button', { name: msg('zh', 'settings.open') }).click();
  await expect(
    page.getByRole('radio', { name: msg('zh', 'settings.themeColour', { colour: '#304156' }) }),
  ).toHaveAttribute('aria-checked', 'true');
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  // in Chinese, whose labels are the longer ones on a phone; the journey switches the language too
  for (const lang of ['zh'] as const) {
    test(`a list shows each company's name, the keyword box fits, and the language can be changed (${lang})`, async ({
      page,
      request,
      workerAdminToken,
    }) => {
      const t = texts[lang];
      const token = uniqueToken(`fm${lang}`);
      await companyWithCategory(request, token, workerAdminToken);
      await openWithSession(page, `/company/company_list?keyword=${token}`, {
        token: workerAdminToken,
        lang,
      });
      const row = rowOf(page, `${token} Alpha Ltd.`);
      await expect(row).toBeVisible(LOAD);
      const name = row.getByText(`${token} Alpha Ltd.`, { exact: true });
      await expect(name).toBeInViewport({ ratio: 1 });
      await expect(row.getByRole('group', { name: new RegExp(`${token} Alpha Ltd.`) })).toBeInViewport();
      await expect(page.getByLabel(t['list.keyword'], { exact: true })).toBeInViewport({ ratio: 1 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      // the current page's crumb is visible and clear of the tools
      const crumb = page
        .getByRole('navigation', { name: msg(lang, 'layout.breadcrumb') })
        .getByText(companyListTitle[lang]);
      await expect(crumb).toBeInViewport();
      const crumbBox = (await crumb.boundingBox())!;
      const toolsBox = (await page.locator('.app-navbar-right').boundingBox())!;
      expect(crumbBox.x + crumbBox.width).toBeLessThanOrEqual(toolsBox.x + 1);
      await checkA11y(page);

      // search, size and language are reachable
      await expect(page.getByRole('button', { name: msg(lang, 'navbar.searchMenu') })).toBeInViewport();
      await page.getByRole('button', { name: msg(lang, 'navbar.size') }).click();
      await expect(page.getByRole('menuitem', { name: msg(lang, 'size.small') })).toBeVisible();
      await page.keyboard.press('Escape');
      // the size menu has gone before the language menu opens (on a busy machine its closing could take the click)
      await expect(page.getByRole('menuitem', { name: msg(lang, 'size.small') })).toBeHidden();
      const to = other(lang);
      await switchLanguage(page, lang, to);
      await expect(
        page.getByRole('navigation', { name: msg(to, 'layout.breadcrumb') }).getByText(companyListTitle[to]),
      ).toBeVisible();
      await expect(rowOf(page, `${token} Alpha Ltd.`).getByText(`${token} Alpha Ltd.`)).toBeInViewport();

      // the third-party login landing page says what happened
      await page.goto('/auth-redirect?code=abc');
      await expect(page.getByRole('heading', { name: msg(to, 'authRedirect.title') })).toBeVisible();
      await expect(page.getByText(msg(to, 'authRedirect.text'))).toBeVisible();
    });
  }
});

test.describe('company audit at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  // in English (the Chinese audit journey is in tests/suppliers/company.spec.ts)
  for (const lang of ['en'] as const) {
    test(`the queue opens on "To audit"; a refused company is passed directly after a confirmation (${lang})`, async ({
      page,
      request,
      workerAdminToken,
    }) => {
      const t = texts[lang];
      const token = uniqueToken(`fa${lang}`);
      const { company } = await companyWithCategory(request, token, workerAdminToken);
      await apiCall(request, workerAdminToken, 'POST', `/company_audit/refuse/${company.id}`, {
        reason: 'Licence expired',
      });
      const name = `${token} Alpha Ltd.`;
      await openSignedIn(page, '/companyAudit/companyAudit_list', { token: workerAdminToken, lang });
      await expect(page).toHaveURL((url) => url.searchParams.get('auditStatus') === 'pending', LOAD);
      const statusHeader = page.getByRole('columnheader', {
        name: companyAudit.fields.auditStatus!.label[lang],
      });
      await expect(statusHeader).toBeInViewport({ ratio: 1 });
      await expect(page.locator('tr.ant-table-row').first()).toBeVisible(LOAD);
      await checkA11y(page);

      // the refused company is not in the queue until the filter is cleared
      await page.getByLabel(t['list.keyword'], { exact: true }).fill(token);
      await page.getByLabel(t['list.keyword'], { exact: true }).press('Enter');
      await expect(page.getByText(t['list.empty'])).toBeVisible(LOAD);
      await page.getByRole('button', { name: buttonName(t['list.reset']) }).click();
      await expect(page).toHaveURL((url) => !url.searchParams.has('auditStatus'));
      await page.getByLabel(t['list.keyword'], { exact: true }).fill(token);
      await page.getByLabel(t['list.keyword'], { exact: true }).press('Enter');
      const row = rowOf(page, name);
      await expect(row.getByText(auditState('refused', lang))).toBeVisible(LOAD);
      await expect(row.getByText(auditState('refused', lang))).toBeInViewport();

      // pass it straight from "Refused", confirming first
      await row.getByRole('button', { name: buttonName(t['pages.audit']) }).click();
      await expect(page).toHaveURL(/\/companyAudit\/companyAudit_edit\/\d+$/, LOAD);
      const pass = companyAudit.actions.pass!.label[lang];
      await page.getByRole('button', { name: buttonName(pass) }).click();
      // the confirmation names the company
      await expect(page.getByRole('dialog')).toContainText(
        companyAudit.actions.pass!.confirm![lang].replace('{{label}}', name),
      );
      await confirmDialog(page, pass);
      await expect(page).toHaveURL(/\/companyAudit\/companyAudit_list/, LOAD);
      await page.getByLabel(t['list.keyword'], { exact: true }).fill(token);
      await page.getByLabel(t['list.keyword'], { exact: true }).press('Enter');
      await expect(rowOf(page, name).getByText(auditState('passed', lang))).toBeVisible(LOAD);
      const stored = await apiCall<{ auditStatus: string; auditedBy: string }>(
        request,
        workerAdminToken,
        'GET',
        `/company/${company.id}`,
      );
      expect(stored).toMatchObject({ auditStatus: 'passed', auditedBy: 'admin' });
    });
  }
});

for (const lang of ['en', 'zh'] as const) {
  test(`an anonymous visit to / logs in to the dashboard (${lang})`, async ({ page }) => {
    await setLang(page, lang);
    await page.goto('/');
    await expect(page).toHaveURL(
      (url) => url.pathname === '/login' && url.search === '?redirect=%2Fdashboard',
    );
    const labels = loginLabels[lang];
    await page.getByLabel(labels.account, { exact: true }).fill('admin');
    await page.getByLabel(labels.password, { exact: true }).fill('admin123');
    await page.getByLabel(labels.code, { exact: true }).fill(CAPTCHA_TEST_CODE);
    await page.getByRole('button', { name: labels.submit }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard', LOAD);
    await expect(
      page.getByRole('heading', { name: new RegExp(`^${msg(lang, 'dashboard.welcome', { name: '' })}`) }),
    ).toBeVisible(LOAD);
    // the label's colon follows the language (full-width in Chinese)
    await expect(
      page.getByText(`${msg(lang, 'common.labelled', { label: msg(lang, 'dashboard.account') })}admin`),
    ).toBeVisible();
  });
}
