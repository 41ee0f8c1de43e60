import { company, entities, product } from '@organiser/domain';

const product_category = entities.product_category!;

import type { Page } from '@playwright/test';
import { expect, login, test } from '../../fixtures';
import { apiCall, LOAD } from '../suppliers/helpers';

// The Chinese console on the built screens: stored data that has a Chinese form (product categories with a
// Chinese name, dictionary values of a company's profile, a single one or a list) shows in Chinese on the product
// and company screens: the list columns, the category list's parent column and the form's pickers.

type Category = {
  id: number;
  name: string;
  enName: string | null;
  zhName: string | null;
  parentId: number | null;
};
type Page_<T> = { list: T[]; total: number };

/** Every table cell text and every select's shown value on the page. */
async function shownTexts(page: Page): Promise<string[]> {
  const cells = await page.locator('.ant-table-tbody td').allInnerTexts();
  const chosen = await page.locator('.ant-select-selection-item, .ant-select-content-value').allInnerTexts();
  return [...cells, ...chosen].map((t) => t.trim()).filter(Boolean);
}

/** The texts of one column of the page's table, by its header. */
async function columnTexts(page: Page, header: string): Promise<string[]> {
  const headers = (await page.locator('.ant-table-thead tr').last().locator('th').allInnerTexts()).map((t) =>
    t.trim(),
  );
  const index = headers.indexOf(header);
  expect(index, `column ${header} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  const texts: string[] = [];
  for (let i = 0; i < (await rows.count()); i++)
    texts.push(((await rows.nth(i).locator('td').nth(index).textContent()) ?? '').trim());
  return texts.filter(Boolean);
}

test('stored data with a Chinese form shows in Chinese on the product and company screens', async ({
  page,
  request,
  adminToken,
}) => {
  test.setTimeout(180_000);
  const categories = await apiCall<Page_<Category>>(
    request,
    adminToken,
    'GET',
    '/product_category/list?size=50',
  );
  const translated = categories.list.filter((c) => c.zhName && c.zhName !== c.name);
  expect(translated.length).toBeGreaterThan(3);
  const english = new Set(translated.map((c) => c.name));
  const chinese = new Set(translated.map((c) => c.zhName!));
  const products = await apiCall<Page_<{ id: number; categoryId1: number }>>(
    request,
    adminToken,
    'GET',
    '/product/list?size=5',
  );
  const sample = products.list[0]!;

  await login(page, { lang: 'zh' });

  // the product list's category columns: not among the columns it opens on, so shown through the column settings
  await page.goto('/productManage/product_list');
  const categoryHeader = product.fields.categoryId1!.label.zh;
  await page.getByRole('button', { name: '列设置' }).click();
  await page.getByRole('checkbox', { name: categoryHeader }).check();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: categoryHeader })).toBeVisible(LOAD);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible(LOAD);
  let shown = await shownTexts(page);
  expect(shown.filter((t) => english.has(t))).toEqual([]);
  expect(shown.some((t) => chinese.has(t))).toBe(true);

  // the category list's parent column (its name columns are the record's own English and Chinese names)
  await page.goto('/productManage/product_category_list');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible(LOAD);
  const parents = await columnTexts(page, product_category.fields.parentId!.label.zh);
  expect(parents.filter((t) => english.has(t))).toEqual([]);
  expect(parents.some((t) => chinese.has(t))).toBe(true);

  // the product form's category pickers
  await page.goto(`/productManage/product/product_edit/${sample.id}`);
  const form = page.locator('form.entity-form');
  const categoryItem = form
    .locator('.ant-form-item', { hasText: product.fields.categoryId1!.label.zh })
    .first();
  const topName = translated.find((c) => c.id === sample.categoryId1)?.zhName;
  expect(topName).toBeTruthy();
  await expect(categoryItem.getByText(topName!, { exact: true })).toBeVisible(LOAD);
  shown = await shownTexts(page);
  expect(shown.filter((t) => english.has(t))).toEqual([]);

  // a company's profile: its revenue ranges are dictionary values, shown by their Chinese labels
  const companies = await apiCall<Page_<{ id: number; annualRevenue: string | null }>>(
    request,
    adminToken,
    'GET',
    '/company/list?size=20',
  );
  const withRevenue = companies.list.find((c) => c.annualRevenue)!;
  expect(withRevenue).toBeTruthy();
  const items = await apiCall<{ value: string; label: { en: string; zh: string } }[]>(
    request,
    adminToken,
    'GET',
    '/dictionary/company_annual_revenue/items',
  );
  const revenue = items.find((i) => i.value === withRevenue.annualRevenue)!;
  expect(revenue).toBeTruthy();
  await page.goto(`/company/supplier/company_edit/${withRevenue.id}`);
  const revenueItem = page
    .locator('form.entity-form .ant-form-item', { hasText: company.fields.annualRevenue!.label.zh })
    .first();
  await expect(revenueItem.getByText(revenue.label.zh, { exact: true })).toBeVisible(LOAD);
  shown = await shownTexts(page);
  const englishRevenues = new Set(items.map((i) => i.label.en));
  expect(shown.filter((t) => englishRevenues.has(t) || english.has(t))).toEqual([]);
});

type DictItem = { value: string; label: { en: string; zh: string } };

test('a company’s languages and main markets show by their Chinese labels on the company form', async ({
  page,
  request,
  adminToken,
}) => {
  test.setTimeout(180_000);
  const companies = await apiCall<
    Page_<{ id: number; name: string; languages: string[] | null; mainMarkets: string[] | null }>
  >(request, adminToken, 'GET', '/company/list?size=20');
  const target = companies.list.find((c) => c.languages?.length && c.mainMarkets?.length)!;
  expect(target).toBeTruthy();
  const dictionary = (code: string) =>
    apiCall<DictItem[]>(request, adminToken, 'GET', `/dictionary/${code}/items`);
  const fields = [
    { name: 'languages', values: target.languages!, items: await dictionary('company_language') },
    { name: 'mainMarkets', values: target.mainMarkets!, items: await dictionary('company_main_market') },
  ];
  const englishLabels = new Set(fields.flatMap((f) => f.items.map((i) => i.label.en)));

  await login(page, { lang: 'zh', redirect: `/company/supplier/company_edit/${target.id}` });
  for (const f of fields) {
    const item = page
      .locator('form.entity-form .ant-form-item', {
        has: page.getByText(company.fields[f.name]!.label.zh, { exact: true }),
      })
      .first();
    for (const value of f.values) {
      const label = f.items.find((i) => i.value === value)!.label.zh;
      await expect(item.getByText(label, { exact: true })).toBeVisible(LOAD);
    }
  }
  const shown = await shownTexts(page);
  expect(shown.filter((t) => englishLabels.has(t))).toEqual([]);
});
