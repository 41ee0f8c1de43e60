import { errorCatalogue, popularSubActivity, recommendAdvertising } from '@organiser/domain';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { en } from '../../../apps/console/src/messages/en';
import { zh } from '../../../apps/console/src/messages/zh';
import { api, buttonName, expect, expectNoSeriousA11y, type Lang, login, test } from '../../fixtures';
import { solidPng } from '../engine/png';
import { uploadPng } from '../suppliers/helpers';

// Marketing content, in both languages: staff build a popular activity with sub-activities (one added in the
// drawer with its image, two by the API) and change their order with the arrow buttons; they add three
// advertising objects to a recommended search and the fourth is refused with the limit message.

const texts = { en, zh };
const LOAD = { timeout: 30_000 };
const rows = (page: Page): Locator => page.locator('tr.ant-table-row');
const drawer = (page: Page): Locator => page.getByRole('dialog');

async function post(request: APIRequestContext, token: string, path: string, data: Record<string, unknown>) {
  const res = await request.post(`/api/${path}`, { headers: { 'x-token': token }, data });
  expect(res.ok(), `POST /api/${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { content: { id: number } }).content;
}

async function choose(scope: Locator, page: Page, label: string, option?: string) {
  // a required field's name starts with its mark
  await scope.getByRole('combobox', { name: new RegExp(`^(\\* )?${label}$`) }).click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await (option ? options.filter({ hasText: option }) : options).first().click();
}

for (const lang of ['en', 'zh'] as const satisfies Lang[]) {
  const t = texts[lang];
  const sub = (name: keyof typeof popularSubActivity.fields) => popularSubActivity.fields[name]!.label[lang];
  const obj = (name: keyof typeof recommendAdvertising.fields) =>
    recommendAdvertising.fields[name]!.label[lang];

  test(`staff build an activity with sub-activities and reorder them (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await api(request);
    const tag = `E2E-pa-${lang}-${Date.now().toString(36)}`;
    const activity = await post(request, token, 'popular_activity', { title: `${tag} Spring fair` });
    const avatar = await uploadPng(request, token);
    // all at the default order: shown oldest first until staff reorder them
    for (const name of ['First card', 'Second card'])
      await post(request, token, 'popular_sub_activity', {
        activityId: activity.id,
        type: 'image_text',
        targetName: `${tag} ${name}`,
        content: '<p>Hall 3</p>',
        remark: 'Home page',
        avatar,
      });

    await login(page, { lang, redirect: `/popular_activities/popular_advertising_add/${activity.id}` });
    await expect(rows(page)).toHaveCount(2, LOAD);
    await page.getByRole('button', { name: buttonName(t['list.add']) }).click();
    const form = drawer(page);
    await choose(form, page, sub('type'), lang === 'zh' ? '外部链接' : 'External link');
    await form.getByLabel(sub('targetName'), { exact: true }).fill(`${tag} Fair guide`);
    await form.getByLabel(sub('url'), { exact: true }).fill('https://expo.example.com/guide');
    await form.getByLabel(sub('remark'), { exact: true }).fill('Opens the guide');
    await form
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: solidPng(60, 40, [250, 140, 22]) });
    await expect(form.getByRole('img', { name: `${sub('avatar')} 1` })).toBeVisible(LOAD);
    await form.getByRole('button', { name: buttonName(t['form.save']) }).click();
    await expect(rows(page)).toHaveCount(3, LOAD);

    // the first card moves down: the second is first now (the first column holds the rows' drag handles)
    const names = () => rows(page).locator('td:nth-child(2)').allInnerTexts();
    await expect.poll(names, LOAD).toEqual([`${tag} First card`, `${tag} Second card`, `${tag} Fair guide`]);
    await rows(page)
      .first()
      .getByRole('button', { name: buttonName(t['child.down']) })
      .click();
    await expect.poll(names, LOAD).toEqual([`${tag} Second card`, `${tag} First card`, `${tag} Fair guide`]);
    // by keyboard: the guide moves up to the middle
    await rows(page)
      .last()
      .getByRole('button', { name: buttonName(t['child.up']) })
      .focus();
    await page.keyboard.press('Enter');
    await expect.poll(names, LOAD).toEqual([`${tag} Second card`, `${tag} Fair guide`, `${tag} First card`]);
    // dragged by its handle: the first card back on top
    await rows(page).last().dragTo(rows(page).first());
    await expect.poll(names, LOAD).toEqual([`${tag} First card`, `${tag} Second card`, `${tag} Fair guide`]);
    // the marketplace preview lists the cards in the new order
    const preview = page.locator('.marketing-preview li');
    await expect(preview).toHaveText([`${tag} First card`, `${tag} Second card`, `${tag} Fair guide`], LOAD);
    await expectNoSeriousA11y(page, { exclude: ['.ant-table-measure-row'] });
  });

  test(`a recommended search takes three advertising objects and refuses a fourth (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const token = await api(request);
    const tag = `E2E-rs-${lang}-${Date.now().toString(36)}`;
    const search = await post(request, token, 'recommend_search', {
      enKeyword: `${tag} valves`,
      zhKeyword: '阀门',
    });

    await login(page, {
      lang,
      redirect: `/searchManage/recommend_search/recommend_advertising_add/${search.id}`,
    });
    await expect(page.getByRole('button', { name: buttonName(t['list.add']) })).toBeVisible(LOAD);
    const add = async () => {
      await page.getByRole('button', { name: buttonName(t['list.add']) }).click();
      const form = drawer(page);
      await choose(form, page, obj('type'), lang === 'zh' ? '企业' : 'Company');
      await choose(form, page, obj('companyId'));
      await form.getByRole('button', { name: buttonName(t['form.save']) }).click();
    };
    for (let i = 1; i <= 3; i++) {
      await add();
      await expect(rows(page)).toHaveCount(i, LOAD);
    }
    await add();
    await expect(page.getByText(errorCatalogue.limitExceed[lang]).first()).toBeVisible(LOAD);
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(rows(page)).toHaveCount(3, LOAD);
  });
}
