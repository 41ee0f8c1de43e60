import { errorCatalogue, popularSubActivity, recommendAdvertising } from '@organiser/domain';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { en } from '../../../apps/console/src/messages/en';
import { zh } from '../../../apps/console/src/messages/zh';
import { en as marketingEn, zh as marketingZh } from '../../../apps/console/src/pages/marketing/messages';
import { api, buttonName, expect, expectNoSeriousA11y, type Lang, login, test } from '../../fixtures';
import { solidPng } from '../engine/png';
import { createCompany, uploadPng } from '../suppliers/helpers';

// Marketing content: staff build a popular activity with one sub-activity of each type, each through its own
// form as a person fills it (a company and a product picked by searching their names, a link, a new product on
// its own page, an image-text card's rich content), and change their order with the arrow buttons, the keyboard
// and by dragging (in full in English; in Chinese one card is added and the form's labels checked, to keep the
// run short); they add three advertising objects to a recommended search and the fourth is refused with the
// limit message, in both languages.

const texts = { en, zh };
const marketingTexts = { en: marketingEn, zh: marketingZh };
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

const sub = (name: keyof typeof popularSubActivity.fields, lang: Lang) =>
  popularSubActivity.fields[name]!.label[lang];
const typeLabel = (type: string, lang: Lang) =>
  popularSubActivity.fields.type!.kind === 'enum'
    ? popularSubActivity.fields.type!.options.find((o) => o.value === type)!.label[lang]
    : type;

/** The relation Select labelled `label`: type part of a name into its search, pick the option showing it. */
async function pick(scope: Locator, page: Page, label: string, search: string) {
  const box = scope.getByRole('combobox', { name: new RegExp(`^(\\* )?${label}$`) });
  await box.click();
  await box.fill(search);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: search })
    .first()
    .click();
}

/** The name, remark and image every type asks for, then its own fields (`fill`), then save. */
async function fillCard(
  scope: Locator,
  page: Page,
  lang: Lang,
  card: { type: string; name: string; remark: string; fill?: () => Promise<void> },
) {
  await choose(scope, page, sub('type', lang), typeLabel(card.type, lang));
  await scope.getByLabel(sub('targetName', lang), { exact: true }).fill(card.name);
  await card.fill?.();
  await scope.getByLabel(sub('remark', lang), { exact: true }).fill(card.remark);
  await scope
    .locator('.ant-form-item:has(label[for$="_avatar"]) input[type=file]')
    .setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: solidPng(60, 40, [250, 140, 22]) });
  await expect(scope.getByRole('img', { name: `${sub('avatar', lang)} 1` })).toBeVisible(LOAD);
  await scope.getByRole('button', { name: buttonName(texts[lang]['form.save']) }).click();
}

type Sub = { id: number; targetName: string; type: string; sortNo: number } & Record<string, unknown>;

async function subActivities(request: APIRequestContext, token: string, activityId: number): Promise<Sub[]> {
  const res = await request.get(`/api/popular_sub_activity/list?activityId=${activityId}&size=50`, {
    headers: { 'x-token': token },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { content: { list: Sub[] } }).content.list;
}

test('staff add one sub-activity of each type through its own form and reorder them (en)', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const lang = 'en';
  const t = texts[lang];
  const token = await api(request);
  const tag = `E2E-pa-${Date.now().toString(36)}`;
  const company = await createCompany(request, token, {
    name: `${tag} Ningbo Valves`,
    account: `${tag}`.toLowerCase(),
  });
  const category = await post(request, token, 'product_category', { name: `${tag} Valves`, zhName: '阀门' });
  const logo = await uploadPng(request, token);
  const product = (name: string) =>
    post(request, token, 'product', {
      name: `${tag} ${name}`,
      companyId: company.id,
      categoryId1: category.id,
      logo,
      shortContent: 'Stainless, PN16',
      brand: 'Ningbo',
      belongAddress: 'Ningbo, Zhejiang',
      content: '<p>A valve.</p>',
      model: `${tag}-${name.length}`,
    });
  const gateValve = await product('Gate valve');
  const ballValve = await product('Ball valve DN50');
  // passed audit, so the marketplace (and its preview) shows the cards pointing at them
  await post(request, token, `company_audit/pass/${company.id}`, {});
  for (const { id } of [gateValve, ballValve]) await post(request, token, `product/pass/${id}`, {});
  const activity = await post(request, token, 'popular_activity', { title: `${tag} Spring fair` });

  await login(page, { lang, redirect: `/popular_activities/popular_advertising_add/${activity.id}` });
  await expect(page.getByText(marketingTexts[lang]['children.emptyActivity'])).toBeVisible(LOAD);
  const add = async (card: Parameters<typeof fillCard>[3], count: number) => {
    await page.getByRole('button', { name: buttonName(t['list.add']) }).click();
    await fillCard(drawer(page), page, lang, card);
    await expect(rows(page)).toHaveCount(count, LOAD);
  };
  await add(
    {
      type: 'company',
      name: `${tag} Exhibitor`,
      remark: 'Hall 1',
      fill: () => pick(drawer(page), page, sub('companyId', lang), `${tag} Ningbo`),
    },
    1,
  );
  await add(
    {
      type: 'product',
      name: `${tag} Product`,
      remark: 'Hall 2',
      fill: () => pick(drawer(page), page, sub('productId', lang), `${tag} Gate`),
    },
    2,
  );
  await add(
    {
      type: 'out_link',
      name: `${tag} Guide`,
      remark: 'Opens the guide',
      fill: () =>
        drawer(page).getByLabel(sub('url', lang), { exact: true }).fill('https://expo.example.com/guide'),
    },
    3,
  );
  await add(
    {
      type: 'image_text',
      name: `${tag} Story`,
      remark: 'Hall 3',
      fill: async () => {
        const area = drawer(page).getByRole('textbox', { name: sub('content', lang), exact: true });
        await area.click();
        await page.keyboard.type('Meet the makers in Hall 3');
      },
    },
    4,
  );
  // a new product has a page of its own, opened from the activity with its kind chosen
  await page
    .getByRole('button', { name: buttonName(marketingTexts[lang]['children.addNewProduct']) })
    .click();
  await expect(page).toHaveURL(/\/popular_activities\/new_product_add\?/, LOAD);
  const main = page.locator('main');
  await expect(main.getByRole('combobox', { name: new RegExp(`^(\\* )?${sub('type', lang)}$`) })).toBeVisible(
    LOAD,
  );
  await fillCard(main, page, lang, {
    type: 'new_product',
    name: `${tag} New`,
    remark: 'Launch',
    fill: async () => {
      await pick(main, page, sub('productId', lang), `${tag} Ball`);
      await main.getByLabel(sub('title', lang), { exact: true }).fill('New: ball valve DN50');
    },
  });
  await expect.poll(async () => (await subActivities(request, token, activity.id)).length, LOAD).toBe(5);
  await page.goto(`/popular_activities/popular_advertising_add/${activity.id}`);
  await expect(rows(page)).toHaveCount(5, LOAD);

  // each card stored what its form asked for
  const stored = Object.fromEntries(
    (await subActivities(request, token, activity.id)).map((s) => [s.type, s]),
  );
  expect(stored.company).toMatchObject({ companyId: company.id, targetName: `${tag} Exhibitor` });
  expect(stored.product).toMatchObject({ productId: gateValve.id });
  expect(stored.out_link).toMatchObject({ url: 'https://expo.example.com/guide' });
  expect(stored.image_text!.content).toContain('Meet the makers in Hall 3');
  expect(stored.new_product).toMatchObject({ productId: ballValve.id, title: 'New: ball valve DN50' });

  const names = () => rows(page).locator('td:nth-child(2)').allInnerTexts();
  const first = [`${tag} Exhibitor`, `${tag} Product`, `${tag} Guide`, `${tag} Story`, `${tag} New`];
  await expect.poll(names, LOAD).toEqual(first);
  // the company moves down one
  await rows(page)
    .first()
    .getByRole('button', { name: buttonName(t['child.down']) })
    .click();
  const second = [`${tag} Product`, `${tag} Exhibitor`, `${tag} Guide`, `${tag} Story`, `${tag} New`];
  await expect.poll(names, LOAD).toEqual(second);
  // by keyboard: the new product moves up above the story
  await rows(page)
    .last()
    .getByRole('button', { name: buttonName(t['child.up']) })
    .focus();
  await page.keyboard.press('Enter');
  const third = [`${tag} Product`, `${tag} Exhibitor`, `${tag} Guide`, `${tag} New`, `${tag} Story`];
  await expect.poll(names, LOAD).toEqual(third);
  // dragged by its handle: the story to the top
  await rows(page).last().dragTo(rows(page).first());
  const fourth = [`${tag} Story`, `${tag} Product`, `${tag} Exhibitor`, `${tag} Guide`, `${tag} New`];
  await expect.poll(names, LOAD).toEqual(fourth);
  // kept: the stored order, the list after a reload and the marketplace preview
  await expect
    .poll(async () => (await subActivities(request, token, activity.id)).map((s) => s.targetName), LOAD)
    .toEqual(fourth);
  await page.reload();
  await expect.poll(names, LOAD).toEqual(fourth);
  await expect(page.locator('.marketing-preview li')).toHaveText(fourth, LOAD);
  await expectNoSeriousA11y(page);
});

test('the sub-activity form in Chinese: its labels, one card added and moved (zh)', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const lang = 'zh';
  const t = texts[lang];
  const token = await api(request);
  const tag = `E2E-pa-zh-${Date.now().toString(36)}`;
  const activity = await post(request, token, 'popular_activity', { title: `${tag} 春季展会` });
  const avatar = await uploadPng(request, token);
  await post(request, token, 'popular_sub_activity', {
    activityId: activity.id,
    type: 'image_text',
    targetName: `${tag} 展馆介绍`,
    content: '<p>3 号馆</p>',
    remark: '首页',
    avatar,
  });

  await login(page, { lang, redirect: `/popular_activities/popular_advertising_add/${activity.id}` });
  await expect(rows(page)).toHaveCount(1, LOAD);
  await page.getByRole('button', { name: buttonName(t['list.add']) }).click();
  const form = drawer(page);
  // the labels every type asks for, and the link's once its type is chosen
  for (const name of ['type', 'targetName', 'remark'] as const)
    await expect(form.getByText(sub(name, lang), { exact: true }).first()).toBeVisible(LOAD);
  await fillCard(form, page, lang, {
    type: 'out_link',
    name: `${tag} 参展指南`,
    remark: '打开指南',
    fill: () => form.getByLabel(sub('url', lang), { exact: true }).fill('https://expo.example.com/zh'),
  });
  await expect(rows(page)).toHaveCount(2, LOAD);
  const names = () => rows(page).locator('td:nth-child(2)').allInnerTexts();
  await rows(page)
    .last()
    .getByRole('button', { name: buttonName(t['child.up']) })
    .click();
  await expect.poll(names, LOAD).toEqual([`${tag} 参展指南`, `${tag} 展馆介绍`]);
  await expect(page.getByText(typeLabel('out_link', lang)).first()).toBeVisible();
});

for (const lang of ['en', 'zh'] as const satisfies Lang[]) {
  const t = texts[lang];
  const obj = (name: keyof typeof recommendAdvertising.fields) =>
    recommendAdvertising.fields[name]!.label[lang];

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
