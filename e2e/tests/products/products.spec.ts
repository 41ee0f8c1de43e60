import { flattenRoutes, layoutRoutes, messages, product, type RecordOf } from '@organiser/domain';
import { expect, login, test } from '../../fixtures';
import {
  apiCall,
  buttonName,
  checkA11y,
  choose,
  chooseTreeNode,
  confirmDialog,
  createCompany,
  LOAD,
  rowOf,
  texts,
  uniqueToken,
  uploadImage,
} from '../suppliers/helpers';

// Products: the organiser adds a device with its images (in English), the company's supplier account edits
// its own product (in Chinese) and sees it back in the audit queue, and the organiser passes it.

const field = (name: string, lang: 'en' | 'zh') => product.fields[name]!.label[lang];
const routeTitle = (name: string) => flattenRoutes(layoutRoutes).find((r) => r.name === name)!.title;
const passLabel = (lang: 'en' | 'zh') => product.actions.pass!.label[lang];
const auditState = (value: string, lang: 'en' | 'zh') => {
  const status = product.fields.auditStatus!;
  return status.kind === 'enum' ? status.options.find((o) => o.value === value)!.label[lang] : value;
};

test('an organiser adds a device, its supplier edits it and it waits for the audit, the organiser passes it', async ({
  page,
  request,
  adminToken,
}) => {
  test.setTimeout(300_000);
  const token = uniqueToken('prd');
  const password = 'Supplier2025';
  const company = await createCompany(request, adminToken, {
    name: `${token} Pump Works Ltd.`,
    account: token,
    password,
  });
  const category = await apiCall<{ id: number; name: string }>(
    request,
    adminToken,
    'POST',
    '/product_category',
    {
      name: `${token} Pumps`,
      enName: 'Pumps',
      zhName: '泵',
    },
  );

  // the organiser, in English: a device with its logo and an advertising image
  const en = texts.en;
  await login(page, { lang: 'en', redirect: '/productManage/product/product_add' });
  const form = page.locator('form.entity-form');
  const name = `${token} Centrifugal Pump`;
  await form.getByLabel(field('name', 'en'), { exact: true }).fill(name, LOAD);
  await choose(page, field('companyId', 'en'), company.name!, token);
  // a relation to a tree is chosen in a tree select
  await chooseTreeNode(page, field('categoryId1', 'en'), category.name);
  await form.getByLabel(field('shortContent', 'en'), { exact: true }).fill('Stainless, 5 bar, OEM welcome');
  await form.getByLabel(field('brand', 'en'), { exact: true }).fill('Huaxin');
  await form.getByLabel(field('belongAddress', 'en'), { exact: true }).fill('Suzhou, Jiangsu');
  await form.getByLabel(field('model', 'en'), { exact: true }).fill('HX-100');
  await expect(form.getByLabel(field('grade', 'en'), { exact: true })).toHaveCount(0);
  // its parameter form: the group's inputs show once it is chosen (the product's own power and voltage fields
  // share their labels, so the inputs are found inside the section)
  await choose(page, field('dynamicFormGroupCode', 'en'), 'machine');
  const parameters = form.locator('.dynamic-form');
  await parameters.getByLabel('Power (kW)', { exact: true }).fill('15', LOAD);
  await parameters.getByRole('combobox', { name: 'Voltage', exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '380 V' }).click();
  await form
    .getByRole('textbox', { name: field('content', 'en'), exact: true })
    .fill('A quiet pump for clean water.');
  await uploadImage(page, 'product-form', 'logo', [24, 144, 255]);
  await uploadImage(page, 'product-form', 'adImgs', [250, 140, 22]);
  await expect(page.getByRole('img', { name: `${field('logo', 'en')} 1` })).toBeVisible(LOAD);
  await expect(page.getByRole('img', { name: `${field('adImgs', 'en')} 1` })).toBeVisible(LOAD);
  await checkA11y(page);
  await page.getByRole('button', { name: buttonName(en['form.save']) }).click();
  // saved: back on the list
  await expect(page).toHaveURL(/\/productManage\/product_list/, LOAD);

  const listed = await apiCall<{ list: RecordOf<typeof product>[] }>(
    request,
    adminToken,
    'GET',
    `/product/list?keyword=${encodeURIComponent(token)}`,
  );
  expect(listed.list).toHaveLength(1);
  const saved = listed.list[0]!;
  expect(saved).toMatchObject({
    name,
    kind: 'device',
    model: 'HX-100',
    companyId: company.id,
    auditStatus: 'pending',
  });
  expect(saved.logo).toBeTruthy();
  expect(saved.adImgs).toHaveLength(1);
  const stored = await apiCall<RecordOf<typeof product>>(request, adminToken, 'GET', `/product/${saved.id}`);
  expect(stored.dynamicFormGroupCode).toBe('machine');
  expect(stored.dynamicFormValues).toEqual({ power: 15, voltage: '380V' });
  // the edit page shows the chosen form and its values again
  await page.goto(`/productManage/product/product_edit/${saved.id}`);
  const reopened = page.locator('form.entity-form .dynamic-form');
  await expect(reopened.getByLabel('Power (kW)', { exact: true })).toHaveValue('15', LOAD);
  await expect(reopened.locator('.ant-form-item', { hasText: 'Voltage' }).getByText('380 V')).toBeVisible();
  await expect(
    page.locator('form.entity-form .ant-form-item', { hasText: field('dynamicFormGroupCode', 'en') }).first(),
  ).toContainText('machine');
  // passed before the supplier edits it
  await apiCall(request, adminToken, 'POST', `/product/pass/${saved.id}`);

  // the supplier, in Chinese: its products only, an edit sends the product back to the audit
  const zh = texts.zh;
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await login(page, { lang: 'zh', account: token, password });
  const menu = page.getByRole('navigation', { name: messages.zh.layout.mainMenu });
  // the group's one visible page shows as a link of its own
  await menu.getByRole('link', { name: routeTitle('ProductList').zh }).click();
  await expect(page.locator('tr.ant-table-row')).toHaveCount(1, LOAD);
  const row = rowOf(page, name);
  await expect(row.getByText(auditState('passed', 'zh'), { exact: true })).toBeVisible();
  await row.getByRole('button', { name: buttonName(zh['list.edit']) }).click();
  await expect(page).toHaveURL(new RegExp(`/productManage/product/product_edit/${saved.id}$`), LOAD);
  const edit = page.locator('form.entity-form');
  await edit.getByLabel(field('shortContent', 'zh'), { exact: true }).fill('不锈钢离心泵，支持定制');
  await page.getByRole('button', { name: buttonName(zh['form.save']) }).click();
  await expect(page).toHaveURL(/\/productManage\/product_list/, LOAD);
  await expect(rowOf(page, name).getByText(auditState('pending', 'zh'), { exact: true })).toBeVisible(LOAD);
  await checkA11y(page);

  // the organiser passes it from the list
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await login(page, { lang: 'en', redirect: `/productManage/product_list?keyword=${token}` });
  const pending = rowOf(page, name);
  await expect(pending.getByText(auditState('pending', 'en'), { exact: true })).toBeVisible(LOAD);
  await pending.getByRole('button', { name: buttonName(passLabel('en')) }).click();
  await confirmDialog(page, passLabel('en'));
  await expect(pending.getByText(auditState('passed', 'en'), { exact: true })).toBeVisible(LOAD);
  const after = await apiCall<RecordOf<typeof product>>(request, adminToken, 'GET', `/product/${saved.id}`);
  expect(after).toMatchObject({
    auditStatus: 'passed',
    shortContent: '不锈钢离心泵，支持定制',
    auditUser: 'admin',
  });
});
