import { type Envelope, flattenRoutes, layoutRoutes } from '@organiser/domain';
import type { Locator, Page } from '@playwright/test';
import { loginLabels, openWithSession, runsIn } from '../../fixtures';
import { expect, type Lang, openSignedIn, test } from './frame';

// Layout a new user stumbled on, at 1440x900 and on a 375x812 phone, in English and Chinese: columns that
// scroll under the fixed actions without a sign, a page wider than the phone, a decision six screens down,
// texts that wrap or break mid-word, a login card that jumps. The login card is checked in both languages at the
// phone's width; each other check runs in one of them, the two shared out between the checks.

test.describe.configure({ timeout: 180_000 });

const title = (name: string, lang: Lang) =>
  flattenRoutes(layoutRoutes).find((r) => r.name === name)!.title[lang];
const LIST_HINT = { en: 'More columns to the right', zh: '右侧还有更多列' } as const;
const COLUMNS = {
  en: ['Status', 'Price', 'Audit status'],
  zh: ['状态', '价格', '审核状态'],
} as const;

const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
};

/** Opens a console path signed in, on any width (on a phone the menu is a closed drawer: wait for the page). */
const open = (page: Page, path: string, token: string, lang: Lang) =>
  openWithSession(page, path, { token, lang });

/** The page is no wider than the screen (nothing pushes it sideways). */
const expectNoSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

for (const lang of ['en', 'zh'] as const) {
  test.describe(`1440x900 (${lang})`, () => {
    test.use({ viewport: { width: 1440, height: 900 } });

    if (runsIn(lang, 'en'))
      test(`the product list shows status, price and audit status beside the actions (${lang})`, async ({
        page,
        workerAdminToken,
      }) => {
        await openSignedIn(page, '/productManage/product_list', { token: workerAdminToken, lang });
        const header = (name: string) =>
          page
            .locator('thead th')
            .filter({ hasText: new RegExp(`^${name}$`) })
            .first();
        const actionsHeader = page.locator('thead th.entity-sticky-end').first();
        await expect(actionsHeader).toBeVisible({ timeout: 30_000 });
        const fixedLeft = (await box(actionsHeader)).x;
        for (const name of COLUMNS[lang]) {
          const b = await box(header(name));
          expect(b.x + b.width, `${name} ends before the actions`).toBeLessThanOrEqual(fixedLeft + 1);
        }
      });

    if (runsIn(lang, 'zh'))
      test(`a list wider than the screen says that it scrolls (${lang})`, async ({
        page,
        workerAdminToken,
      }) => {
        await openSignedIn(page, '/user/user_list', { token: workerAdminToken, lang });
        const hint = page.getByRole('button', { name: LIST_HINT[lang] });
        await expect(hint).toBeVisible({ timeout: 30_000 });
        await hint.click();
        // at the right end there is nothing more to say
        await expect(hint).toBeHidden();
      });

    if (runsIn(lang, 'en'))
      test(`the sidebar shows a cut name whole on hover (${lang})`, async ({ page, workerAdminToken }) => {
        await openSignedIn(page, '/dashboard', { token: workerAdminToken, lang });
        // the list is one of its group's pages: the group opens first
        await page.getByRole('navigation').getByText(title('BuyRequirement', lang), { exact: true }).click();
        const name = title('BuyRequirementList', lang);
        const link = page.getByRole('navigation').locator(`a[title="${name}"]`);
        await expect(link).toHaveCount(1);
      });
  });

  test.describe(`375x812 (${lang})`, () => {
    test.use({ viewport: { width: 375, height: 812 } });

    if (runsIn(lang, 'en'))
      test(`the permissions page fits the phone (${lang})`, async ({ page, workerAdminToken }) => {
        await open(page, '/adminManage/permission_list', workerAdminToken, lang);
        await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
        await expectNoSidewaysScroll(page);
      });

    if (runsIn(lang, 'zh'))
      test(`the company audit puts its decision first and keeps emails whole (${lang})`, async ({
        page,
        request,
        workerAdminToken,
      }) => {
        const res = await request.get('/api/company_audit/list?auditStatus=pending&size=50', {
          headers: { 'X-Token': workerAdminToken },
        });
        const { content } = (await res.json()) as Envelope<{ list: { id: number; email: string | null }[] }>;
        // a pending company with an email (the demo data has them)
        const pending = content.list.find((c) => c.email)!;
        expect(pending).toBeTruthy();
        await open(page, `/companyAudit/companyAudit_edit/${pending.id}`, workerAdminToken, lang);
        const pass = page.getByRole('button', { name: lang === 'en' ? /^Pass$/ : /^通\s*过$/ });
        await expect(pass).toBeVisible({ timeout: 30_000 });
        await expect(pass).toBeInViewport();
        await expectNoSidewaysScroll(page);
        // an email is one line: not broken beside a label column too narrow for it
        const email = page
          .locator('.ant-descriptions-item-content')
          .filter({ hasText: pending.email! })
          .first();
        expect((await box(email.locator('span').first())).height).toBeLessThan(30);
      });

    test(`the login keeps its language choice and product name on one line, and its card in place (${lang})`, async ({
      page,
    }) => {
      await page.context().addCookies([{ name: 'language', value: lang, url: process.env.E2E_BASE_URL! }]);
      await page.goto('/login');
      // the console has taken over the first HTML's copy of the form
      await expect(page.locator('#login-shell')).toHaveCount(0);
      const choice = page.locator('.login-lang-option').filter({ hasText: '中文' });
      await expect(choice).toBeVisible();
      expect((await box(choice)).height).toBeLessThan(30);
      expect((await box(page.locator('.login-product'))).height).toBeLessThan(24);
      const card = page.locator('.login-card');
      const before = (await box(card)).y;
      await page.getByRole('button', { name: loginLabels[lang].submit }).click();
      await expect(page.locator('.login-error').first()).toBeVisible();
      expect((await box(card)).y).toBe(before);
      await expectNoSidewaysScroll(page);
    });
  });
}
