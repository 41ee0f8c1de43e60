import { banner, type Lang } from '@organiser/domain';
import type { Locator, Page } from '@playwright/test';
import { en } from '../../../apps/console/src/messages/en';
import { zh } from '../../../apps/console/src/messages/zh';
import { buttonName, expect, expectNoSeriousA11y, login, test } from '../../fixtures';
import { solidPng } from './png';

// Create, edit, take offline and delete a banner with an image upload, in both languages, through the
// generic list and form screens on the real server; a filtered list survives a reload.

const texts = { en, zh };

/** A page load (boot, session, menu, list) can take a while on a busy machine. */
const LOAD = { timeout: 30_000 };

const field = (name: keyof typeof banner.fields, lang: Lang) => banner.fields[name]!.label[lang];

/** The antd Select labelled `label`: open it and pick the option with this text. */
async function choose(page: Page, label: string, option: string, search?: string) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.click();
  if (search) await box.fill(search);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first()
    .click();
}

/** axe on the engine's screens, leaving out antd's own hidden measuring row of fixed-layout tables. */
const checkA11y = (page: Page) => expectNoSeriousA11y(page);

const rowOf = (page: Page, text: string): Locator => page.locator('tr.ant-table-row', { hasText: text });

async function confirmDialog(page: Page, okLabel: string) {
  const dialog = page.getByRole('dialog').last();
  await dialog.getByRole('button', { name: buttonName(okLabel) }).click();
  await expect(dialog).toBeHidden();
}

for (const lang of ['en', 'zh'] as const) {
  test(`a banner with a cover image is created, edited, taken offline and deleted (${lang})`, async ({
    page,
  }) => {
    // a long journey with accessibility scans, on a shared 2-core machine
    test.setTimeout(240_000);
    const t = texts[lang];
    const token = `E2E-${lang}-${Date.now().toString(36)}`;
    const title = `${token} ${lang === 'zh' ? '春季采购节' : 'Spring sourcing'}`;
    // a demo position (apps/api/src/modules/content/demo.ts) whose size hint differs from the cover's default 1200x240
    const strip = lang === 'zh' ? '首页通栏' : 'Home page strip';
    const online = banner.fields.displayStatus!.kind === 'enum' ? banner.fields.displayStatus!.options : [];
    const onlineLabel = online.find((o) => o.value === 'online')!.label[lang];
    const offlineLabel = online.find((o) => o.value === 'offline')!.label[lang];
    const offlineAction = banner.actions.offline!.label[lang];

    await login(page, { lang, redirect: '/banner/banner_list' });
    await expect(page.getByRole('table')).toBeVisible(LOAD);
    await checkA11y(page);

    // add
    await page.getByRole('button', { name: buttonName(t['list.add']) }).click();
    await expect(page).toHaveURL(/\/banner\/banner_add$/, LOAD);
    await page.getByLabel(field('title', lang), { exact: true }).fill(title);
    const hint = (size: string) =>
      page.getByText(t['upload.sizeHint'].replace('{{size}}', size), { exact: false });
    await expect(hint('1200x240')).toBeVisible();
    await choose(page, field('position', lang), strip, lang === 'zh' ? '通栏' : 'strip');
    // the cover follows the chosen position's size hint (sizeHintFrom)
    await expect(hint('1920x200')).toBeVisible();
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: solidPng(120, 24, [24, 144, 255]) });
    await expect(page.getByRole('img', { name: `${field('coverImg', lang)} 1` })).toBeVisible();
    await choose(page, field('displayStatus', lang), onlineLabel);
    await checkA11y(page);
    await page.getByRole('button', { name: buttonName(t['form.save']) }).click();
    // saved: back on the list (the success toast is checked by the component tests; it lasts 3 s)
    await expect(page).toHaveURL(/\/banner\/banner_list/, LOAD);

    // find it
    await page.getByLabel(t['list.keyword'], { exact: true }).fill(token);
    await page.getByLabel(t['list.keyword'], { exact: true }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`keyword=${token}`));
    const row = rowOf(page, title);
    await expect(row).toHaveCount(1);
    await expect(row.locator('.ant-tag', { hasText: onlineLabel })).toBeVisible();
    await expect(row.getByRole('img', { name: new RegExp(field('coverImg', lang)) })).toBeVisible();

    // edit
    await row.getByRole('button', { name: buttonName(t['list.edit']) }).click();
    await expect(page).toHaveURL(/\/banner\/banner_edit\/\d+/, LOAD);
    const titleInput = page.getByLabel(field('title', lang), { exact: true });
    await expect(titleInput).toHaveValue(title, LOAD);
    await titleInput.fill(`${title} v2`);
    await page.getByRole('button', { name: buttonName(t['form.save']) }).click();
    // back on the list with its filter
    await expect(page).toHaveURL(new RegExp(`/banner/banner_list\\?keyword=${token}`), LOAD);
    const edited = rowOf(page, `${title} v2`);
    await expect(edited).toHaveCount(1);
    // the Chinese pass ends here: taking offline, the history and the trash are the same steps in either
    // language (their labels are checked by the console's tests)
    if (lang === 'zh') return;

    // take offline (the definition asks first)
    await edited.getByRole('button', { name: buttonName(offlineAction) }).click();
    await confirmDialog(page, offlineAction);
    await expect(edited.locator('.ant-tag', { hasText: offlineLabel })).toBeVisible();

    // history in the detail drawer: created, edited, taken offline
    await edited.getByRole('button', { name: buttonName(t['list.more']) }).click();
    await page.getByRole('menuitem', { name: t['list.view'] }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('tab', { name: t['drawer.history'] }).click();
    const history = drawer.getByRole('tabpanel');
    await expect(history.getByText(offlineAction, { exact: true }).first()).toBeVisible();
    await expect(history.getByText(`${title} v2`, { exact: true }).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // delete (to the trash)
    await edited.getByRole('button', { name: buttonName(t['list.more']) }).click();
    await page.getByRole('menuitem', { name: t['list.delete'] }).click();
    await confirmDialog(page, t['list.delete']);
    await expect(rowOf(page, title)).toHaveCount(0);
    await expect(page.getByText(t['list.empty'])).toBeVisible();
  });
}

test('a filtered, sorted list survives a reload', async ({ page }) => {
  test.setTimeout(120_000);
  const offline = banner.fields.displayStatus!.kind === 'enum' ? banner.fields.displayStatus!.options : [];
  const offlineLabel = offline.find((o) => o.value === 'offline')!.label.en;
  await login(page, { lang: 'en', redirect: '/banner/banner_list' });
  await expect(page.getByRole('table')).toBeVisible(LOAD);
  await page.getByRole('button', { name: /More filters/ }).click();
  await choose(page, field('displayStatus', 'en'), offlineLabel);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: buttonName(en['list.search']) }).click();
  await expect(page).toHaveURL(/displayStatus=offline/);
  await page.getByRole('columnheader', { name: field('sortNo', 'en') }).click();
  await expect(page).toHaveURL(/sort=sortNo/);
  const rows = page.locator('tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const ids = () => rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row-key')));
  const before = await ids();
  const texts = await rows.allTextContents();

  await page.reload();
  await expect(page).toHaveURL(/displayStatus=offline.*sort=sortNo|sort=sortNo.*displayStatus=offline/);
  await expect(rows.first()).toBeVisible(LOAD);
  expect(await ids()).toEqual(before);
  // every row is offline (a disabled one reads "Disabled": one state, what a visitor sees), and the filter
  // shows in the form
  for (const text of texts) expect(text).toMatch(new RegExp(`${offlineLabel}|Disabled(?! \\(online)`));
  await expect(
    page.getByRole('search').locator('.ant-select-selection-item', { hasText: offlineLabel }),
  ).toBeVisible();
});
