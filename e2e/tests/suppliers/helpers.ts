import { company, type Envelope, type Lang, type RecordOf, TOKEN_HEADER } from '@organiser/domain';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { en as engineEn } from '../../../apps/console/src/messages/en';
import { zh as engineZh } from '../../../apps/console/src/messages/zh';
import { en as supplierEn, zh as supplierZh } from '../../../apps/console/src/pages/suppliers/messages';
import { buttonName, expect, expectNoSeriousA11y } from '../../fixtures';
import { solidPng } from '../engine/png';

// Shared steps of the supplier journeys: records made through the API for a test of its own, and the
// antd controls of the company screens.

// the engine's texts and the supplier pages' own
export const texts = { en: { ...engineEn, ...supplierEn }, zh: { ...engineZh, ...supplierZh } };

/** A page load (boot, session, menu, list) can take a while on a busy machine. */
export const LOAD = { timeout: 30_000 };

export { buttonName };

export const companyField = (name: string, lang: Lang) => company.fields[name]!.label[lang];

/** axe on the engine's screens, leaving out antd's own hidden measuring row of fixed-layout tables. */
export const checkA11y = (page: Page) => expectNoSeriousA11y(page);

export const rowOf = (page: Page, text: string): Locator =>
  page.locator('tr.ant-table-row', { hasText: text });

/** A short unique token for the records of one test run. */
export const uniqueToken = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** The antd Select labelled `label`: open it, type to search, pick the option with this text. */
export async function choose(page: Page, label: string, option: string, search?: string) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.click();
  if (search) await box.fill(search);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first()
    .click();
}

/** Several options of a multiple Select, each found by typing (no clearing keys: a Backspace in an empty search
 * removes the last chosen option). */
export async function chooseMany(page: Page, label: string, options: string[]) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.click();
  for (const option of options) {
    await box.pressSequentially(option);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
      .first()
      .click();
  }
}

/** The antd TreeSelect labelled `label`: search and pick the node with this title. */
export async function chooseTreeNode(page: Page, label: string, node: string) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(node);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: node })
    .first()
    .click();
  await page.keyboard.press('Escape');
}

/** The antd Cascader labelled `label`: a province, then one of its cities, found by typing the city's name and
 * picking the search result of that path (clicking down the columns can hit a column while it scrolls). */
export async function chooseArea(page: Page, label: string, path: string[]) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(path[path.length - 1]!);
  let option = page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item');
  for (const name of path) option = option.filter({ hasText: name });
  await option.first().click();
  await page.keyboard.press('Escape');
}

/** Fills a telephone, whether the form shows it as one `area-number` box or as area code + number. */
export async function fillPhone(
  page: Page | Locator,
  label: string,
  area: string,
  number: string,
  lang: Lang,
) {
  const areaBox = page.getByRole('textbox', {
    name: texts[lang]['phone.areaCode'].replace('{{label}}', label),
    exact: true,
  });
  if ((await areaBox.count()) > 0) {
    await areaBox.fill(area);
    await page
      .getByRole('textbox', { name: texts[lang]['phone.number'].replace('{{label}}', label), exact: true })
      .fill(number);
    return;
  }
  await page.getByLabel(label, { exact: true }).fill(`${area}-${number}`);
}

/** Uploads a small PNG into the image field of the form named `form` (antd ids are `<form>_<field>`). */
export async function uploadImage(page: Page, form: string, field: string, colour: [number, number, number]) {
  await page
    .locator(`.ant-form-item:has(label[for="${form}_${field}"]) input[type=file]`)
    .setInputFiles({ name: `${field}.png`, mimeType: 'image/png', buffer: solidPng(64, 40, colour) });
}

export async function confirmDialog(page: Page, okLabel: string) {
  const dialog = page.getByRole('dialog').last();
  await dialog.getByRole('button', { name: buttonName(okLabel) }).click();
  await expect(dialog).toBeHidden();
}

/** Calls the API as the holder of `token`, failing the test on a refusal. */
export async function apiCall<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await request.fetch(`/api${path}`, {
    method,
    headers: { [TOKEN_HEADER]: token },
    data: body,
  });
  const envelope = (await response.json()) as Envelope<T>;
  expect(envelope.success, `${method} ${path}: ${envelope.code} ${envelope.message}`).toBe(true);
  return envelope.content;
}

/** Stores a small PNG through `POST /api/oss/upload` and answers its stored path. */
export async function uploadPng(request: APIRequestContext, token: string): Promise<string> {
  const response = await request.post('/api/oss/upload', {
    headers: { [TOKEN_HEADER]: token },
    multipart: {
      kind: 'image',
      file: { name: 'logo.png', mimeType: 'image/png', buffer: solidPng(64, 40, [250, 140, 22]) },
    },
  });
  const envelope = (await response.json()) as Envelope<string | { path: string }>;
  expect(envelope.success, `upload: ${envelope.message}`).toBe(true);
  return typeof envelope.content === 'string' ? envelope.content : envelope.content.path;
}

/** A company made through the API, with a supplier login when a password is given. */
export async function createCompany(
  request: APIRequestContext,
  token: string,
  input: { name: string; account: string; password?: string },
): Promise<RecordOf<typeof company>> {
  const image = await uploadPng(request, token);
  return apiCall<RecordOf<typeof company>>(request, token, 'POST', '/company', {
    name: input.name,
    logo: image,
    backgroundImg: image,
    introduce: `${input.name} makes test fixtures for the browser tests.`,
    telphone: '86-75512345678',
    email: `${input.account}@example.com`,
    account: input.account,
    ...(input.password ? { password: input.password } : {}),
    countryCode: 'CN',
    belongAddress: 'No. 1 Test Road',
  });
}
