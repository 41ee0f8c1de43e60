import { readFile } from 'node:fs/promises';
import { company, vipPackage } from '@organiser/domain';
import { csvLine, parseXlsx } from '../../../apps/api/src/engine/transfer/spreadsheet';
import { api, expect, login, runsIn, test } from '../../fixtures';
import { apiCall, buttonName, createCompany, LOAD, rowOf, texts, uniqueToken } from '../suppliers/helpers';

// Against the real server, once in each language: a membership package's flags stored on show on, are turned off
// in the form, and a fresh read of the API says false; a company exported "for import" comes back as a new company
// when its row, given a new name, account and email, is imported.

const FLAGS = ['enableConsult', 'enableCustomerService', 'companyBackgroundStandout'] as const;

type Package = Record<string, unknown> & { id: number; version: number };
type Company = Record<string, unknown> & { id: number };

for (const lang of ['en', 'zh'] as const) {
  const t = texts[lang];
  /** A counted text for one: its singular form (`key_one`) where the language has one. */
  const one = (key: 'import.summary' | 'import.confirm') =>
    ((t as Record<string, string>)[`${key}_one`] ?? t[`${key}_other`]).replace('{{count}}', '1');

  if (runsIn(lang, 'zh'))
    test(`a membership package's flags stored on are shown on, turned off and saved off (${lang})`, async ({
      page,
      request,
    }) => {
      const token = await api(request);
      const name = uniqueToken('Flags');
      const created = await apiCall<Package>(request, token, 'POST', '/vip_package', {
        enName: name,
        zhName: name,
        price: 100,
        durationMonths: 12,
        enableConsult: true,
        enableCustomerService: true,
        companyBackgroundStandout: true,
      });
      await login(page, { lang, redirect: `/company/vip_package/vip_package_edit/${created.id}` });
      const form = page.getByRole('form');
      await expect(form.getByRole('textbox').first()).toHaveValue(name, LOAD);
      const flag = (field: string) =>
        form.getByRole('switch', { name: vipPackage.fields[field]!.label[lang], exact: true });
      for (const field of FLAGS) await expect(flag(field)).toHaveAttribute('aria-checked', 'true');
      for (const field of FLAGS) {
        await flag(field).click();
        await expect(flag(field)).toHaveAttribute('aria-checked', 'false');
      }
      // the price says its currency
      await expect(form.locator('.ant-input-number-prefix').first()).toHaveText('¥');
      await form.getByRole('button', { name: buttonName(t['form.save']) }).click();
      await expect(page).toHaveURL(/vip_package_list/, LOAD);

      const saved = await apiCall<Package>(request, token, 'GET', `/vip_package/${created.id}`);
      for (const field of FLAGS) expect(saved[field], field).toBe(false);
      expect(saved.version).toBe(created.version + 1);

      // the form opened again shows them off
      await page.goto(`/company/vip_package/vip_package_edit/${created.id}`);
      await expect(form.getByRole('textbox').first()).toHaveValue(name, LOAD);
      for (const field of FLAGS) await expect(flag(field)).toHaveAttribute('aria-checked', 'false');
    });

  if (runsIn(lang, 'en'))
    test(`a company exported for import comes back as a new company from its row (${lang})`, async ({
      page,
      request,
    }) => {
      const token = await api(request);
      const account = uniqueToken('exp');
      const original = await createCompany(request, token, { name: `${account} Export Source Co.`, account });
      await login(page, { lang, redirect: `/company/company_list?keyword=${account}` });
      await expect(rowOf(page, account)).toHaveCount(1, LOAD);

      await page.getByRole('button', { name: buttonName(t['export.button']) }).click();
      const downloading = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: t['export.forImport'] }).click();
      const download = await downloading;
      const [header, ...rows] = await parseXlsx(await readFile((await download.path())!));
      expect(rows).toHaveLength(1);
      const col = (field: string) => {
        const at = header!.indexOf(company.fields[field]!.label[lang]);
        expect(at, field).toBeGreaterThan(0);
        return at;
      };
      // every field a new company needs is in the file
      for (const field of ['logo', 'backgroundImg', 'introduce', 'telphone', 'email', 'belongAddress'])
        col(field);

      const copyAccount = `${account}c`;
      // an empty xlsx cell reads as a hole in the row
      const row = header!.map((_, i) => rows[0]![i] ?? null);
      row[0] = null;
      row[col('name')] = `${account} Export Copy Co.`;
      row[col('account')] = copyAccount;
      row[col('email')] = `${copyAccount}@example.com`;
      const csv = Buffer.from(`\uFEFF${csvLine(header!)}${csvLine(row)}`, 'utf8');

      await page.getByRole('button', { name: buttonName(t['import.button']) }).click();
      const dialog = page.getByRole('dialog');
      await dialog
        .locator('input[type="file"]')
        .setInputFiles({ name: 'copy.csv', mimeType: 'text/csv', buffer: csv });
      // counts read in the singular where the language has one ("1 row can be imported")
      await expect(dialog.getByText(one('import.summary'), { exact: false })).toBeVisible(LOAD);
      await dialog.getByRole('button', { name: buttonName(one('import.confirm')) }).click();
      await expect(dialog).toBeHidden(LOAD);

      const found = await apiCall<{ list: Company[] }>(
        request,
        token,
        'GET',
        `/company/list?keyword=${copyAccount}`,
      );
      expect(found.list).toHaveLength(1);
      const copy = await apiCall<Company>(request, token, 'GET', `/company/${found.list[0]!.id}`);
      const source = await apiCall<Company>(request, token, 'GET', `/company/${original.id}`);
      expect(copy.name).toBe(`${account} Export Copy Co.`);
      expect(copy.account).toBe(copyAccount);
      for (const field of ['logo', 'backgroundImg', 'introduce', 'telphone', 'belongAddress', 'countryCode'])
        expect(copy[field], field).toEqual(source[field]);
    });
}
