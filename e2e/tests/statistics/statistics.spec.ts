import { collectCompany, companyConduct, supplierStatistics } from '@organiser/domain';
import type { Locator, Page } from '@playwright/test';
import { en, zh } from '../../../apps/console/src/pages/statistics/messages';
import { expect, login, test } from '../../fixtures';

// Supplier statistics from the demo behaviour (the demo events fill the rollups on first start): staff open the
// list in English, change the period and open a company's daily trend chart, and follow a user of user behaviour
// to the companies they collected; the Chinese pass opens the lists.

const LOAD = { timeout: 30_000 };
const rows = (page: Page): Locator => page.locator('tr.ant-table-row');
const label = (field: keyof typeof supplierStatistics.fields, lang: 'en' | 'zh') =>
  supplierStatistics.fields[field]!.label[lang];
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

test('staff read supplier statistics, change the period and open a trend (en)', async ({ page }) => {
  await login(page, { lang: 'en', redirect: '/conduct_statistical/page_view_list' });
  await expect(page.getByRole('columnheader', { name: label('pageViews', 'en'), exact: true })).toBeVisible(
    LOAD,
  );
  await expect(rows(page).first()).toBeVisible(LOAD);
  // the busiest company first: the demo buyers visited it
  const first = rows(page).first();
  await expect(first).not.toContainText(/^\s*$/);

  // a period of the last week, as the period picker writes it into the address
  const from = day(7);
  const to = day(0);
  await page.goto(`/conduct_statistical/page_view_list?periodFrom=${from}&periodTo=${to}`);
  await expect(page.locator(`input[value="${from}"]`)).toBeVisible(LOAD);
  await expect(rows(page).first()).toBeVisible(LOAD);

  await rows(page)
    .first()
    .getByRole('button', { name: new RegExp(`^${en['trend.openOf'].replace('{{name}}', '.+')}$`) })
    .click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toContainText(from, LOAD);
  await expect(drawer.getByTestId('trend-chart')).toHaveAttribute('data-drawn', 'true', LOAD);
});

test('staff open supplier statistics (zh)', async ({ page }) => {
  await login(page, { lang: 'zh', redirect: '/conduct_statistical/page_view_list' });
  await expect(page.getByRole('columnheader', { name: label('pageViews', 'zh'), exact: true })).toBeVisible(
    LOAD,
  );
  await expect(rows(page).first()).toBeVisible(LOAD);
  await expect(
    rows(page)
      .first()
      .getByRole('button', { name: new RegExp(`^${zh['trend.openOf'].replace('{{name}}', '.+')}$`) }),
  ).toBeVisible();
});

test('staff follow a user of user behaviour to the companies they collected (en)', async ({ page }) => {
  // the user who collected most companies first: the demo buyers collected some
  await login(page, {
    lang: 'en',
    redirect: '/conduct_statistical/c_user_conduct_statistical_list?sort=companiesCollected&order=desc',
  });
  await expect(rows(page).first()).toBeVisible(LOAD);
  const collected = companyConduct.fields.companiesCollected!.label.en;
  await expect(page.getByRole('columnheader', { name: collected, exact: true })).toBeVisible();
  await rows(page)
    .first()
    .getByRole('link', { name: new RegExp(`: open ${collectCompany.labels.plural.en} for `) })
    .click();
  await expect(page).toHaveURL(/\/conduct_statistical\/collect_company_list\/\d+/, LOAD);
  await expect(page.getByRole('heading', { level: 1, name: collectCompany.labels.plural.en })).toBeVisible(
    LOAD,
  );
  // the list it came from stays open in its tab, hidden
  await expect(page.locator('tr.ant-table-row:visible').first()).toBeVisible(LOAD);
});

test('staff open user behaviour towards companies (zh)', async ({ page }) => {
  await login(page, { lang: 'zh', redirect: '/conduct_statistical/c_user_conduct_statistical_list' });
  await expect(page.getByRole('heading', { level: 1, name: '企业用户行为统计' })).toBeVisible(LOAD);
});
