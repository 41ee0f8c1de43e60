import { type Lang, supplierOverview } from '@organiser/domain';
import type { Page } from '@playwright/test';
import { en as reportEn, zh as reportZh } from '../../../apps/console/src/messages/report';
import { escapeRegExp, expect, test } from '../../fixtures';
import { frame, openSignedIn } from '../frame/frame';
import { checkA11y, choose, createCompany, LOAD, rowOf, texts, uniqueToken } from './helpers';

// The supplier overview report: an organiser opens it from the Company menu, groups the suppliers by audit
// status, and follows the count of a group to the company list filtered to those companies. Its titles, headers,
// rows and drill-down links read in the console's language.

const reportTexts = { en: reportEn, zh: reportZh };
const title = (lang: Lang) => supplierOverview.labels.plural[lang];
const groupByLabel = (value: string, lang: Lang) =>
  supplierOverview.report!.params.groupBy!.find((g) => g.value === value)!.label[lang];
const auditLabel = (value: string, lang: Lang) => {
  const field = supplierOverview.fields.auditStatus!;
  return field.kind === 'enum' ? field.options.find((o) => o.value === value)!.label[lang] : value;
};
const companyList = { en: 'Company list', zh: '企业列表' };
const reportTable = (page: Page, lang: Lang) =>
  page.getByRole('table', { name: reportTexts[lang].table.replace('{{report}}', title(lang)) });
/** The drill-down link of a group's count. */
const drillLink = (page: Page, lang: Lang, group: string) =>
  reportTable(page, lang).getByRole('link', {
    name: new RegExp(
      `${reportTexts[lang].drill
        .replace('{{value}}', '\\d+')
        .replace('{{target}}', companyList[lang])
        .replace('{{label}}', group)
        .replace(/[()（）]/g, '\\$&')}$`,
    ),
  });

test('an organiser opens the supplier overview from the menu, groups by audit status and drills down to the companies (en)', async ({
  page,
  request,
  adminToken,
}) => {
  test.setTimeout(180_000);
  const lang = 'en';
  const token = uniqueToken('e2erep');
  const name = `${token} Report Tools Co., Ltd.`;
  await createCompany(request, adminToken, { name, account: token });

  await openSignedIn(page, '/dashboard', { token: adminToken, lang });
  const ui = frame(page, lang);
  await ui.menu.getByRole('menuitem', { name: 'Company', exact: true }).click();
  await ui.menu.getByRole('link', { name: title(lang), exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/company/supplier_overview', LOAD);
  await expect(page.getByRole('heading', { level: 1, name: title(lang) })).toBeVisible(LOAD);
  await expect(ui.tab(title(lang))).toBeVisible();
  await expect(reportTable(page, lang)).toBeVisible(LOAD);

  // another dimension, then back to the audit status: each choice is in the URL
  await choose(page, reportTexts[lang].groupBy, groupByLabel('country', lang));
  await expect(page).toHaveURL(/groupBy=country/);
  await expect(rowOf(page, 'China')).toHaveCount(1, LOAD);
  await choose(page, reportTexts[lang].groupBy, groupByLabel('auditStatus', lang));
  await expect(page).toHaveURL((url) => url.pathname === '/company/supplier_overview' && !url.search);
  const pending = auditLabel('pending', lang);
  const link = drillLink(page, lang, pending);
  await expect(link).toHaveCount(1, LOAD);
  await checkA11y(page);

  // the count of "To audit" opens the company list, filtered to exactly those companies, in a tab of its own
  const count = Number(await link.textContent());
  expect(count).toBeGreaterThan(0);
  await link.click();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/company/company_list' && url.searchParams.get('auditStatus') === 'pending',
    LOAD,
  );
  await expect(ui.tab(companyList[lang])).toBeVisible();
  await expect(rowOf(page, name)).toHaveCount(1, LOAD);
  // the list's total is read when the list loads: journeys beside this one add and audit companies meanwhile,
  // so it is checked as a total of pending companies, not as the report's figure of a moment before
  const total = (key: 'list.total_other' | 'list.total_one') =>
    escapeRegExp(texts[lang][key]).replace('\\{\\{count\\}\\}', '\\d+');
  await expect(
    page
      .getByText(new RegExp(`^(${total('list.total_other')}|${total('list.total_one')})$`))
      // the report's own table stays in its (hidden) tab
      .filter({ visible: true }),
  ).toBeVisible();
  await expect(page.getByRole('search').getByText(pending, { exact: true })).toBeVisible();
});

test('the supplier overview reads in Chinese, with its drill-down links (zh)', async ({
  page,
  adminToken,
}) => {
  test.setTimeout(120_000);
  const lang = 'zh';
  await openSignedIn(page, '/company/supplier_overview', { token: adminToken, lang });
  await expect(page.getByRole('heading', { level: 1, name: title(lang) })).toBeVisible(LOAD);
  const table = reportTable(page, lang);
  await expect(table.getByRole('columnheader', { name: '分组' })).toBeVisible(LOAD);
  await expect(table.getByRole('columnheader', { name: '企业数' })).toBeVisible();
  const pending = auditLabel('pending', lang);
  const link = drillLink(page, lang, pending);
  await expect(link).toHaveCount(1, LOAD);
  await expect(link).toHaveAttribute('href', '/company/company_list?auditStatus=pending');
  await expect(page.getByRole('region', { name: reportTexts[lang].params })).toContainText(
    groupByLabel('auditStatus', lang),
  );
});
