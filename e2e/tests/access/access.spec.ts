import { type Envelope, role, TOKEN_HEADER } from '@organiser/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { en as engineEn } from '../../../apps/console/src/messages/en';
import { zh as engineZh } from '../../../apps/console/src/messages/zh';
import { en, zh } from '../../../apps/console/src/pages/access/messages';
import { en as treeEn, zh as treeZh } from '../../../apps/console/src/widgets/permission-tree/messages';
import { api, buttonName, expect, type Lang, login, test } from '../../fixtures';

// Roles and the menus they open, in both languages: a role is made in the role editor with part of the
// permission tree, a new staff account of its own is given that role (the account call), it sees exactly those
// menus, and after one permission is taken away in the role editor its menu shrinks on the next refresh. Nothing
// shared (the demo accounts and their roles) is changed, so other journeys running beside it are not affected.

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const texts = { en, zh };
const engineTexts = { en: engineEn, zh: engineZh };
const titles = {
  en: {
    banner: 'Banner',
    bannerList: 'Banner list',
    company: 'Company',
    tags: 'Company tags',
    admin: 'Administrators',
  },
  zh: {
    banner: '横幅管理',
    bannerList: '横幅列表',
    company: '企业管理',
    tags: '企业标签',
    admin: '管理员管理',
  },
};
const LOAD = { timeout: 30_000 };

type Role = {
  id: number;
  code: string;
  name: { en: string; zh: string };
  status: string;
  remark: string;
  permissionIds: number[];
};

async function call<T>(
  request: APIRequestContext,
  token: string,
  method: string,
  url: string,
  data?: unknown,
) {
  const res = await request.fetch(url, { method, headers: { [TOKEN_HEADER]: token }, data });
  const body = (await res.json()) as Envelope<T>;
  expect(body.success, `${method} ${url}: ${body.message}`).toBe(true);
  return body.content;
}

async function menuIds(request: APIRequestContext, token: string, urls: string[]) {
  const all = await call<{ id: number; type: string; url: string }[]>(
    request,
    token,
    'GET',
    '/api/permission/list',
  );
  return urls.map((u) => all.find((p) => p.type === 'menu' && p.url === u)!.id).sort((a, b) => a - b);
}

const treeBox = (page: Page, title: string) =>
  page
    .locator('.ant-tree-treenode', { has: page.getByText(title, { exact: true }) })
    .locator('.ant-tree-checkbox');

async function searchTree(page: Page, lang: Lang, keyword: string) {
  const box = page.getByRole('searchbox', { name: { en: treeEn, zh: treeZh }[lang]['tree.search'] });
  await box.fill(keyword);
}

for (const lang of ['en', 'zh'] as const) {
  test(`a role made from part of the tree opens exactly its menus, and one taken away disappears (${lang})`, async ({
    page,
    browser,
    request,
  }) => {
    const t = texts[lang];
    const e = engineTexts[lang];
    const label = (field: 'nameEn' | 'nameZh' | 'code') => role.fields[field]!.label[lang];
    const names = titles[lang];
    const admin = await api(request);
    const code = `e2e_${lang}_${Date.now().toString(36)}`;
    let createdId = 0;
    let staffId = 0;
    const account = `reader_${lang}_${Date.now().toString(36)}`;
    try {
      // The role editor: names, code, and two pages of the tree.
      await login(page, { lang, redirect: '/adminManage/role_list' });
      await page.getByRole('button', { name: buttonName(t['roles.add']) }).click();
      await expect(page).toHaveURL(/\/adminManage\/role\/role_edit\/new$/, LOAD);
      await page.getByRole('textbox', { name: label('nameEn'), exact: true }).fill(`Reader ${lang}`);
      await page.getByRole('textbox', { name: label('nameZh'), exact: true }).fill(`读者 ${lang}`);
      await page.getByRole('textbox', { name: label('code'), exact: true }).fill(code);
      await searchTree(page, lang, names.bannerList);
      await treeBox(page, names.bannerList).click();
      await searchTree(page, lang, names.tags);
      await treeBox(page, names.tags).click();
      // The group above a page shows half-checked.
      await expect(treeBox(page, names.company)).toHaveClass(/ant-tree-checkbox-indeterminate/);
      await page.getByRole('button', { name: buttonName(e['form.save']) }).click();
      // a saved form goes back to the list
      await expect(page).toHaveURL(/\/adminManage\/role_list/, LOAD);
      const found = await call<{ list: Role[] }>(request, admin, 'GET', `/api/role/list?keyword=${code}`);
      createdId = found.list.find((r) => r.code === code)!.id;
      const created = await call<Role>(request, admin, 'GET', `/api/role/${createdId}`);
      const wanted = await menuIds(request, admin, [
        '/banner',
        '/banner/banner_list',
        '/company',
        '/company/company_tag_list',
      ]);
      expect(created.permissionIds).toEqual(wanted);

      // A staff account of its own gets the role (through the staff account call).
      staffId = (
        await call<{ id: number }>(request, admin, 'POST', '/api/user_manager', {
          account,
          password: 'Reader12345',
          type: 'admin',
        })
      ).id;
      await call(request, admin, 'POST', `/api/user_manager/config/${staffId}`, { ids: [createdId] });
      const staffContext = await browser.newContext();
      const staff = await staffContext.newPage();
      await login(staff, { account, password: 'Reader12345', lang });
      const nav = staff.getByRole('navigation', { name: lang === 'en' ? 'Main menu' : '主菜单' });
      // The dashboard and exactly the two pages (a group with one page shows the page itself).
      await expect(nav.getByRole('link', { name: names.bannerList, exact: true })).toBeVisible(LOAD);
      await expect(nav.getByRole('link', { name: names.tags, exact: true })).toBeVisible();
      await expect(nav.getByRole('menuitem')).toHaveCount(3);
      await expect(nav).not.toContainText(names.admin);
      // the Chinese pass ends here: taking a permission away is the same steps in either language
      if (lang === 'zh') {
        await staffContext.close();
        return;
      }

      // Take the company tags away in the role editor; the staff member's menu shrinks on a refresh.
      await page.goto(`/adminManage/role/role_edit/${createdId}`);
      await searchTree(page, lang, names.tags);
      // Granted without its writes: half-checked.
      await expect(treeBox(page, names.tags)).toHaveClass(/ant-tree-checkbox-indeterminate/, LOAD);
      await treeBox(page, names.tags).click();
      await page.getByRole('button', { name: buttonName(e['form.save']) }).click();
      await expect(page.getByText(e['form.saved'])).toBeVisible();
      await staff.reload();
      await expect(nav.getByRole('link', { name: names.bannerList, exact: true })).toBeVisible(LOAD);
      await expect(nav.getByRole('link', { name: names.tags, exact: true })).toHaveCount(0);
      await expect(nav.getByRole('menuitem')).toHaveCount(2);
      await staffContext.close();
    } finally {
      if (staffId) {
        await call(request, admin, 'DELETE', `/api/user_manager/${staffId}`);
        await call(request, admin, 'DELETE', `/api/user_manager/purge/${staffId}`);
      }
      if (createdId) await call(request, admin, 'DELETE', `/api/role/${createdId}`);
    }
  });
}
