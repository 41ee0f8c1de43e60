import {
  company,
  companyAudit,
  companyCategory,
  initialValues,
  type Lang,
  toCreateBody,
  validateCreate,
  vipPackage,
} from '@organiser/domain';
import type { Page } from '@playwright/test';
import { expect, login, test } from '../../fixtures';
import {
  apiCall,
  buttonName,
  checkA11y,
  choose,
  chooseArea,
  chooseMany,
  chooseTreeNode,
  companyField,
  confirmDialog,
  createCompany,
  fillPhone,
  LOAD,
  rowOf,
  texts,
  uniqueToken,
  uploadImage,
} from './helpers';

// An organiser adds a company through the generic form (first saving with the required fields empty and
// reading each field's message), with categories from the tree, at most two tags, a membership package whose limits
// the form shows as the values in force; then audits it: refuse with a reason, resubmit, pass. Both languages.

/** The required-field messages of an empty company, from the definition (the ones the server would send). */
function requiredMessages(lang: Lang): string[] {
  const result = validateCreate(company, toCreateBody(company, initialValues(company)));
  return result.ok ? [] : result.issues.map((issue) => issue.message[lang]);
}

const auditLabel = (name: 'pass' | 'refuse' | 'resubmit', lang: Lang) =>
  companyAudit.actions[name]!.label[lang];
const auditState = (value: string, lang: Lang) => {
  const field = companyAudit.fields.auditStatus!;
  return field.kind === 'enum' ? field.options.find((o) => o.value === value)!.label[lang] : value;
};

async function openAudit(page: Page, name: string, lang: Lang) {
  const row = rowOf(page, name);
  await expect(row).toHaveCount(1, LOAD);
  await row.getByRole('button', { name: buttonName(texts[lang]['pages.audit']) }).click();
  await expect(page).toHaveURL(/\/companyAudit\/companyAudit_edit\/\d+$/, LOAD);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(LOAD);
}

for (const lang of ['en', 'zh'] as const) {
  test(`an organiser adds a company, then refuses and passes it in the audit (${lang})`, async ({
    page,
    request,
    adminToken,
  }) => {
    // a long journey with accessibility scans, on a shared 2-core machine
    test.setTimeout(300_000);
    const t = texts[lang];
    const token = uniqueToken(`e2e${lang}`);
    const name = `${token} ${lang === 'zh' ? '测试电子有限公司' : 'Test Electronics Co., Ltd.'}`;
    const field = (f: string) => companyField(f, lang);

    // what the company will pick: its own package, tags and a category of a tree
    const pkg = await apiCall<{ id: number }>(request, adminToken, 'POST', '/vip_package', {
      enName: `${token} Gold`,
      zhName: `${token} 金牌`,
      price: 100,
      durationMonths: 12,
      consultLimit: 33,
      enableConsult: true,
    });
    const pkgName = lang === 'zh' ? `${token} 金牌` : `${token} Gold`;
    const tags = [`${token}-a`, `${token}-b`, `${token}-c`];
    for (const tag of tags) await apiCall(request, adminToken, 'POST', '/company_tag', { name: tag });
    const parent = await apiCall<{ id: number }>(request, adminToken, 'POST', '/company_category', {
      enName: `${token} Machinery`,
      zhName: `${token} 机械`,
    });
    await apiCall(request, adminToken, 'POST', '/company_category', {
      enName: `${token} Pumps`,
      zhName: `${token} 泵`,
      parentId: parent.id,
    });
    const category = lang === 'zh' ? `${token} 泵` : `${token} Pumps`;
    expect(pkg.id).toBeGreaterThan(0);

    await login(page, { lang, redirect: '/company/company_list' });
    await expect(page.getByRole('table')).toBeVisible(LOAD);
    await checkA11y(page);

    // add: saving with nothing filled in names every required field
    const form = page.locator('form#company-form');
    await page.getByRole('button', { name: buttonName(t['list.add']) }).click();
    await expect(page).toHaveURL(/\/company\/supplier\/company_add$/, LOAD);
    await expect(form.getByLabel(field('name'), { exact: true })).toBeVisible(LOAD);
    await checkA11y(page);
    await page.getByRole('button', { name: buttonName(t['form.save']) }).click();
    const messages = requiredMessages(lang);
    expect(messages.length).toBeGreaterThanOrEqual(8);
    for (const message of messages) await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/company\/supplier\/company_add$/);

    // fill them in
    await form.getByLabel(field('name'), { exact: true }).fill(name);
    await uploadImage(page, 'company-form', 'logo', [24, 144, 255]);
    await uploadImage(page, 'company-form', 'backgroundImg', [82, 196, 26]);
    await expect(page.getByRole('img', { name: `${field('logo')} 1` })).toBeVisible();
    await expect(page.getByRole('img', { name: `${field('backgroundImg')} 1` })).toBeVisible();
    // the size hints beside the uploads
    for (const size of ['614x420', '438x244', '144x80', '800x444'])
      await expect(page.getByText(t['upload.sizeHint'].replace('{{size}}', size))).toBeVisible();
    await form
      .getByLabel(field('introduce'), { exact: true })
      .fill(`${name}: switches and sensors since 2001.`);
    await chooseTreeNode(page, field('categoryIds'), category);
    // at most two tags: once two are chosen the third is greyed out, and the dropdown says why
    await chooseMany(page, field('tags'), tags.slice(0, 2));
    await page.getByRole('combobox', { name: field('tags'), exact: true }).pressSequentially(tags[2]!);
    await expect(
      page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: tags[2]! }),
    ).toHaveClass(/ant-select-item-option-disabled/);
    await expect(page.getByText(t['form.limitReached'].replace('{{max}}', '2'))).toBeVisible();
    await page.keyboard.press('Escape');
    const tagBox = page.locator('.ant-form-item:has(label[for="company-form_tags"])');
    await expect(tagBox.locator('.ant-select-selection-item')).toHaveCount(2);
    await fillPhone(form, field('telphone'), '86', '75588886666', lang);
    await form.getByLabel(field('email'), { exact: true }).fill(`${token}@example.com`);
    await form.getByLabel(field('account'), { exact: true }).fill(token);
    await form.getByLabel(field('password'), { exact: true }).fill('Supplier2025');
    await choose(
      page,
      field('countryCode'),
      lang === 'zh' ? '中国' : 'China',
      lang === 'zh' ? '中国' : 'China',
    );
    await chooseArea(page, field('belong'), lang === 'zh' ? ['广东省', '深圳市'] : ['Guangdong', 'Shenzhen']);
    await form.getByLabel(field('belongAddress'), { exact: true }).fill('No. 8 Keji Road');

    // the package's limits become the values in force
    await choose(page, field('vipPackageId'), pkgName, token);
    const consult = page.locator('.ant-form-item:has(label[for="company-form_consultLimit"])');
    const pkgLabel = vipPackage.labels.singular[lang];
    const from = t['effective.inherited']
      .replace('{{entity}}', lang === 'en' ? pkgLabel.charAt(0).toLowerCase() + pkgLabel.slice(1) : pkgLabel)
      .replace('{{name}}', pkgName);
    await expect(consult.getByText(t['effective.inForce'].replace('{{value}}', '33'))).toBeVisible(LOAD);
    await expect(consult.getByText(from)).toBeVisible();
    // its own value wins
    await form.getByLabel(field('consultLimit'), { exact: true }).fill('40');
    await expect(consult.getByText(t['effective.inForce'].replace('{{value}}', '40'))).toBeVisible();
    await expect(consult.getByText(t['effective.own'])).toBeVisible();
    await checkA11y(page);

    await page.getByRole('button', { name: buttonName(t['form.save']) }).click();
    await expect(page).toHaveURL(/\/company\/company_list/, LOAD);
    await page.getByLabel(t['list.keyword'], { exact: true }).fill(token);
    await page.getByLabel(t['list.keyword'], { exact: true }).press('Enter');
    const row = rowOf(page, name);
    await expect(row).toHaveCount(1, LOAD);
    await expect(row.getByText(tags[0]!)).toBeVisible();

    // the audit: refuse needs a reason
    await page.goto(`/companyAudit/companyAudit_list?keyword=${token}`);
    await expect(rowOf(page, name).getByText(auditState('pending', lang))).toBeVisible(LOAD);
    await checkA11y(page);
    await openAudit(page, name, lang);
    await expect(page.getByText(t['audit.noDecisions'])).toBeVisible(LOAD);
    await checkA11y(page);
    await page.getByRole('button', { name: buttonName(auditLabel('refuse', lang)) }).click();
    const dialog = page.getByRole('dialog');
    const reasonLabel = companyAudit.actions.refuse!.input!.reason!.label[lang];
    await dialog.getByRole('button', { name: buttonName(auditLabel('refuse', lang)) }).click();
    await expect(
      dialog.getByText(lang === 'zh' ? `请填写${reasonLabel}` : `${reasonLabel} is required`),
    ).toBeVisible();
    const reason = lang === 'zh' ? '营业执照不清晰' : 'The business licence is unreadable';
    await dialog.getByLabel(reasonLabel, { exact: true }).fill(reason);
    await confirmDialog(page, auditLabel('refuse', lang));
    // back on the list: refused
    await expect(page).toHaveURL(/\/companyAudit\/companyAudit_list/, LOAD);
    await expect(rowOf(page, name).getByText(auditState('refused', lang))).toBeVisible(LOAD);

    // the decision is recorded: who, the reason; resubmitted, then passed
    await openAudit(page, name, lang);
    const decisions = page.locator('.ant-card', { hasText: t['audit.decisions'] });
    await expect(decisions.getByText(t['audit.reason'].replace('{{reason}}', reason))).toBeVisible(LOAD);
    await expect(decisions.getByText(t['history.by'].replace('{{actor}}', 'admin'))).toBeVisible();
    // the Chinese pass ends at the recorded refusal: resubmitting and passing are the same steps in either
    // language (their labels are checked by the English pass and the console's tests)
    if (lang === 'zh') return;
    await page.getByRole('button', { name: buttonName(auditLabel('resubmit', lang)) }).click();
    await expect(page).toHaveURL(/\/companyAudit\/companyAudit_list/, LOAD);
    await expect(rowOf(page, name).getByText(auditState('pending', lang))).toBeVisible(LOAD);
    await openAudit(page, name, lang);
    await page.getByRole('button', { name: buttonName(auditLabel('pass', lang)) }).click();
    // a pass asks for a confirmation, as taking a company offline does
    await confirmDialog(page, auditLabel('pass', lang));
    await expect(page).toHaveURL(/\/companyAudit\/companyAudit_list/, LOAD);
    await expect(rowOf(page, name).getByText(auditState('passed', lang))).toBeVisible(LOAD);
    await openAudit(page, name, lang);
    await expect(page.getByText(t['audit.noActions'])).toBeVisible(LOAD);
    await expect(decisions.locator('.ant-timeline-item')).toHaveCount(3);
  });
}

test('a company category moves in its tree, never under its own descendant', async ({
  page,
  request,
  adminToken,
}) => {
  test.setTimeout(120_000);
  const t = texts.en;
  const token = uniqueToken('e2ecat');
  const root = await apiCall<{ id: number }>(request, adminToken, 'POST', '/company_category', {
    enName: `${token} Root`,
    zhName: `${token} 根`,
    sortNo: 5,
  });
  const leaf = await apiCall<{ id: number }>(request, adminToken, 'POST', '/company_category', {
    enName: `${token} Leaf`,
    zhName: `${token} 叶`,
    parentId: root.id,
  });

  await login(page, { lang: 'en', redirect: `/company/company_category_list?keyword=${token}` });
  // the matches with their ancestors, as a tree
  const rootRow = page.locator(`tr.ant-table-row[data-row-key="${root.id}"]`);
  const leafRow = page.locator(`tr.ant-table-row[data-row-key="${leaf.id}"]`);
  await expect(rootRow).toHaveCount(1, LOAD);
  await expect(leafRow).toHaveCount(1);
  await expect(page.getByText(t['tree.matches'])).toBeVisible();
  await checkA11y(page);
  await page.getByRole('button', { name: t['tree.collapseAll'] }).click();
  await expect(leafRow).toBeHidden();
  await page.getByRole('button', { name: t['tree.expandAll'] }).click();
  await expect(leafRow).toBeVisible();

  // the root's parent select offers neither itself nor its leaf
  await rootRow.getByRole('button', { name: buttonName(t['list.edit']) }).click();
  await expect(page).toHaveURL(/company_category_edit\/\d+$/, LOAD);
  const parentLabel = companyCategory.fields.parentId!.label.en;
  const box = page.getByRole('combobox', { name: parentLabel, exact: true });
  await expect(box).toBeVisible(LOAD);
  await box.click();
  await box.fill(token);
  const options = page.locator('.ant-select-dropdown:visible .ant-select-tree-treenode');
  await expect(options.filter({ hasText: `${token} Leaf` })).toHaveClass(/ant-select-tree-treenode-disabled/);
  await expect(options.filter({ hasText: `${token} Root` })).toHaveClass(/ant-select-tree-treenode-disabled/);
  await page.keyboard.press('Escape');
  await checkA11y(page);
  await page.getByRole('button', { name: buttonName(t['form.cancel']) }).click();
  await expect(page).toHaveURL(/company_category_list/, LOAD);
});

test('the audit list refuses with one reason, then passes, every company matching its filter', async ({
  page,
  request,
  adminToken,
}) => {
  test.setTimeout(120_000);
  const t = texts.en;
  const token = uniqueToken('e2ebatch');
  const names = [`${token} North Ltd.`, `${token} South Ltd.`];
  for (const [i, name] of names.entries())
    await createCompany(request, adminToken, { name, account: `${token}${i}` });

  await login(page, { lang: 'en', redirect: `/companyAudit/companyAudit_list?keyword=${token}` });
  for (const name of names) await expect(rowOf(page, name)).toHaveCount(1, LOAD);
  await page.getByRole('checkbox', { name: /select all/i }).check();
  const bulk = page.getByRole('region', { name: t['bulk.region'] });
  await expect(bulk).toContainText(t['bulk.selected'].replace('{{count}}', '2'));
  await bulk.getByRole('button', { name: auditLabel('refuse', 'en') }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByLabel(companyAudit.actions.refuse!.input!.reason!.label.en, { exact: true })
    .fill('Incomplete');
  await confirmDialog(page, auditLabel('refuse', 'en'));
  for (const name of names)
    await expect(rowOf(page, name).getByText(auditState('refused', 'en'))).toBeVisible(LOAD);
  await checkA11y(page);

  await page.getByRole('checkbox', { name: /select all/i }).check();
  await bulk.getByRole('button', { name: auditLabel('resubmit', 'en') }).click();
  await confirmDialog(page, auditLabel('resubmit', 'en'));
  for (const name of names)
    await expect(rowOf(page, name).getByText(auditState('pending', 'en'))).toBeVisible(LOAD);
  await page.getByRole('checkbox', { name: /select all/i }).check();
  await bulk.getByRole('button', { name: auditLabel('pass', 'en') }).click();
  await confirmDialog(page, auditLabel('pass', 'en'));
  for (const name of names)
    await expect(rowOf(page, name).getByText(auditState('passed', 'en'))).toBeVisible(LOAD);
});
