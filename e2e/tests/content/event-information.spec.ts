import { eventInformation, type Lang } from '@organiser/domain';
import type { Locator, Page } from '@playwright/test';
import { en } from '../../../apps/console/src/messages/en';
import { zh } from '../../../apps/console/src/messages/zh';
import { buttonName, expect, login, test } from '../../fixtures';

// Event information through the generic screens: staff add an item from the list, find it and edit it (in
// English); the Chinese console opens the same list and add form in Chinese.

const texts = { en, zh };
const LOAD = { timeout: 30_000 };
const field = (name: keyof typeof eventInformation.fields, lang: Lang) =>
  eventInformation.fields[name]!.label[lang];
const rowOf = (page: Page, text: string): Locator => page.locator('tr.ant-table-row', { hasText: text });
/** The open form (the list's tab stays mounted beside it, with column headers of the same names). */
const form = (page: Page): Locator => page.locator('form.entity-form');

test('staff add event information from its list and edit it (en)', async ({ page }) => {
  test.setTimeout(120_000);
  const t = texts.en;
  const token = `E2E-ei-${Date.now().toString(36)}`;
  const title = `${token} Hardware week opens`;

  await login(page, { lang: 'en', redirect: '/event_Information/event_Information_list' });
  await expect(page.getByRole('table')).toBeVisible(LOAD);
  await page.getByRole('button', { name: buttonName(t['list.add']) }).click();
  await expect(page).toHaveURL(/\/event_Information\/event_Information_add$/, LOAD);
  await form(page)
    .getByRole('textbox', { name: field('title', 'en'), exact: true })
    .fill(title);
  await form(page).getByLabel(field('source', 'en'), { exact: true }).fill('Organising committee');
  // the date last: Enter in it takes the typed date and submits the form, as in any field of the form
  const date = form(page).getByLabel(field('date', 'en'), { exact: true });
  await date.click();
  await date.fill('2026-03-02');
  await date.press('Enter');
  await expect(page).toHaveURL(/\/event_Information\/event_Information_list/, LOAD);

  await page.getByLabel(t['list.keyword'], { exact: true }).fill(token);
  await page.getByLabel(t['list.keyword'], { exact: true }).press('Enter');
  const row = rowOf(page, title);
  await expect(row).toHaveCount(1, LOAD);
  await expect(row).toContainText('2026-03-02');

  await row.getByRole('button', { name: buttonName(t['list.edit']) }).click();
  await expect(page).toHaveURL(/\/event_Information\/event_Information_edit\/\d+/, LOAD);
  const titleInput = form(page).getByRole('textbox', { name: field('title', 'en'), exact: true });
  await expect(titleInput).toHaveValue(title, LOAD);
  await titleInput.fill(`${title} v2`);
  await page.getByRole('button', { name: buttonName(t['form.save']) }).click();
  await expect(page).toHaveURL(/\/event_Information\/event_Information_list/, LOAD);
  await expect(rowOf(page, `${title} v2`)).toHaveCount(1, LOAD);
});

test('the Chinese console lists event information and opens its add form in Chinese (zh)', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await login(page, { lang: 'zh', redirect: '/event_Information/event_Information_list' });
  await expect(page.getByRole('table')).toBeVisible(LOAD);
  // demo data (apps/api/src/modules/content/demo.ts)
  await expect(rowOf(page, '智能家居新品发布会')).toHaveCount(1, LOAD);
  await page.getByRole('button', { name: buttonName(zh['list.add']) }).click();
  await expect(page).toHaveURL(/\/event_Information\/event_Information_add$/, LOAD);
  await expect(form(page).getByRole('textbox', { name: field('title', 'zh'), exact: true })).toBeVisible();
});
