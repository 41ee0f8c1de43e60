import { userManager } from '@organiser/domain';
import { en as userEn, zh as userZh } from '../../../apps/console/src/pages/users/messages';
import { api, expect, login, runsIn, test } from '../../fixtures';
import { apiCall, buttonName, LOAD, texts, uniqueToken } from '../suppliers/helpers';

// Against the real server: a user created in the add form; a staff account's password
// reset from its edit page and shown once, then used to sign in; an import file with one bad row and its
// report, the good row imported; a role given to a staff account with the role picker, then the account signs
// in and sees that role's menu. The role journey runs in both languages; the others in one each (creating in
// English, the password reset and the import report in Chinese), as every journey in both would double the tier.

const users = { en: userEn, zh: userZh };
type User = Record<string, unknown> & { id: number; account: string; version: number };

for (const lang of ['en', 'zh'] as const) {
  const t = { ...texts[lang], ...users[lang] };
  const label = (field: string) => userManager.fields[field]!.label[lang];

  if (runsIn(lang, 'en'))
    test(`creates a user in the add form (${lang})`, async ({ page, request }) => {
      const token = await api(request);
      const account = uniqueToken('new')
        .replace(/[^A-Za-z0-9_]/g, '_')
        .slice(0, 40);
      await login(page, { lang, redirect: '/user/user_add' });
      const form = page.getByRole('form');
      await form.getByLabel(label('account'), { exact: true }).fill(account);
      await form.getByLabel(label('password'), { exact: true }).fill('Secret12345');
      await form.getByLabel(label('email'), { exact: true }).fill(`${account}@example.com`);
      await form.getByLabel(label('realname'), { exact: true }).fill('王小明');
      await form.getByRole('button', { name: buttonName(t['form.save']) }).click();
      await expect(page).toHaveURL(/user_list/, LOAD);
      const found = await apiCall<{ list: User[] }>(
        request,
        token,
        'GET',
        `/user_manager/list?keyword=${account}`,
      );
      expect(found.list).toHaveLength(1);
      expect(found.list[0]).toMatchObject({ account, realname: '王小明', type: 'buyer' });
    });

  if (runsIn(lang, 'zh'))
    test(`resets a staff account's password, shown once, and signs in with it (${lang})`, async ({
      page,
      browser,
      request,
    }) => {
      const token = await api(request);
      const account = `reset_${lang}_${Date.now()}`;
      const staff = await apiCall<User>(request, token, 'POST', '/user_manager', {
        account,
        password: 'Secret12345',
        type: 'admin',
      });
      // A console account needs a role to get past sign-in.
      const roles = await apiCall<{ id: number; code: string }[]>(
        request,
        token,
        'POST',
        '/role/list_by_user',
        {
          userId: staff.id,
        },
      );
      const editor = roles.find((r) => r.code === 'editor')!;
      await apiCall(request, token, 'POST', `/user_manager/config/${staff.id}`, { ids: [editor.id] });
      await login(page, { lang, redirect: `/adminManage/admin/admin_edit/${staff.id}` });
      await page.getByRole('button', { name: buttonName(t['reset.action']) }).click();
      await page
        .getByRole('dialog')
        .last()
        .getByRole('button', { name: /OK|确\s*定/ })
        .click();
      const shown = page.getByTestId('new-password');
      await expect(shown).toBeVisible(LOAD);
      const password = (await shown.locator('code').textContent())!.trim();
      expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
      await expect(page.getByText(t['reset.shownOnce'])).toBeVisible();

      const other = await browser.newPage();
      await login(other, { account, password, lang });
      await other.close();
    });

  if (runsIn(lang, 'zh'))
    test(`imports a file with one bad row and shows the report (${lang})`, async ({ page, request }) => {
      const token = await api(request);
      const good = `imp_${lang}_${Date.now()}`;
      const header = [label('account'), label('realname'), label('email')].join(',');
      const csv = `\uFEFF${header}\r\n${good},Good Row,${good}@example.com\r\n${good}_b,Bad Row,not-an-email\r\n`;
      await login(page, { lang, redirect: '/user/user_list' });
      await page.getByRole('button', { name: buttonName(t['import.action']) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[type="file"]').setInputFiles({
        name: 'users.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv, 'utf8'),
      });
      await expect(
        dialog.getByText(
          t['import.summary'].replace('{{total}}', '2').replace('{{valid}}', '1').replace('{{invalid}}', '1'),
        ),
      ).toBeVisible(LOAD);
      await expect(dialog.getByRole('cell', { name: label('email'), exact: true })).toBeVisible();
      await dialog.getByRole('button', { name: t['import.confirm'].replace('{{count}}', '1') }).click();
      await expect(dialog).toBeHidden(LOAD);
      const found = await apiCall<{ list: User[] }>(
        request,
        token,
        'GET',
        `/user_manager/list?keyword=${good}`,
      );
      expect(found.list.map((u) => u.account)).toEqual([good]);
    });

  if (runsIn(lang, 'en'))
    test(`gives a staff account a role, which it then signs in with (${lang})`, async ({
      page,
      browser,
      request,
    }) => {
      const token = await api(request);
      const account = `role_${lang}_${Date.now()}`;
      const staff = await apiCall<User>(request, token, 'POST', '/user_manager', {
        account,
        password: 'Secret12345',
        type: 'admin',
      });
      await login(page, { lang, redirect: `/adminManage/admin/admin_edit/${staff.id}` });
      await page.getByRole('checkbox', { name: 'Editor (editor)' }).check(LOAD);
      await page.getByRole('button', { name: buttonName(t['roles.save']) }).click();
      await expect(page.getByText(t['roles.saved'])).toBeVisible(LOAD);

      const other = await browser.newPage();
      await login(other, { account, password: 'Secret12345', lang });
      // The editor role opens the banners.
      await other.goto('/banner/banner_list');
      await expect(other.locator('#main-content')).toBeVisible();
      await expect(other).toHaveURL(/banner_list/);
      const roles = await apiCall<{ code: string; assigned: boolean }[]>(
        request,
        token,
        'POST',
        '/role/list_by_user',
        {
          userId: staff.id,
        },
      );
      expect(roles.find((r) => r.code === 'editor')?.assigned).toBe(true);
      await other.close();
    });
}
