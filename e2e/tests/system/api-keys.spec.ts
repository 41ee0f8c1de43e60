import { apiKey } from '@organiser/domain';
import { en } from '../../../apps/console/src/messages/en';
import { zh } from '../../../apps/console/src/messages/zh';
import { buttonName, expect, login, test } from '../../fixtures';

// Staff add a marketplace API key on System › API keys, issue its secret (shown once, to copy), see that it
// opens the marketplace API, and revoke it: the key is refused at once. In both languages.

const texts = { en, zh };
const LOAD = { timeout: 30_000 };

for (const lang of ['en', 'zh'] as const) {
  test(`an API key is issued, shown once and revoked (${lang})`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const t = texts[lang];
    const name = `E2E key ${lang} ${Date.now().toString(36)}`;
    const label = (field: keyof typeof apiKey.fields) => apiKey.fields[field]!.label[lang];
    const scopes = apiKey.fields.scopes!.kind === 'tags' ? apiKey.fields.scopes!.options! : [];
    const companiesRead = scopes.find((o) => o.value === 'companies:read')!.label[lang];
    const issue = apiKey.commands.issue!.label[lang];
    const revoke = apiKey.actions.revoke!.label[lang];
    const status = apiKey.fields.status!.kind === 'enum' ? apiKey.fields.status!.options : [];
    const revoked = status.find((o) => o.value === 'revoked')!.label[lang];

    await login(page, { lang, redirect: '/systemManage/api_key_list' });
    await expect(page.getByRole('table')).toBeVisible(LOAD);

    // add
    await page.getByRole('button', { name: buttonName(t['list.add']) }).click();
    await expect(page).toHaveURL(/\/api_key\/api_key_add$/, LOAD);
    await page.getByLabel(label('name'), { exact: true }).filter({ visible: true }).fill(name);
    await page
      .getByRole('combobox', { name: label('scopes'), exact: true })
      .filter({ visible: true })
      .click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: companiesRead })
      .click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: buttonName(t['form.save']) }).click();
    await expect(page).toHaveURL(/\/systemManage\/api_key_list/, LOAD);

    await page.getByLabel(t['list.keyword'], { exact: true }).fill(name);
    await page.getByLabel(t['list.keyword'], { exact: true }).press('Enter');
    const row = page.locator('tr.ant-table-row', { hasText: name });
    await expect(row).toHaveCount(1, LOAD);

    // issue: confirmed first, then the key shown once
    await row.getByRole('button', { name: buttonName(issue) }).click();
    await page
      .getByRole('dialog')
      .last()
      .getByRole('button', { name: buttonName(issue) })
      .click();
    const shown = page.getByTestId('result-once');
    await expect(shown).toBeVisible(LOAD);
    await expect(shown.getByText(t['command.resultOnce'])).toBeVisible();
    const key = (await shown.locator('code').first().textContent())?.trim() ?? '';
    expect(key).toMatch(/^omk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    const call = () =>
      request.get('/api/open/v1/companies/999999/contacts', { headers: { authorization: `Bearer ${key}` } });
    // the key opens the marketplace API (the company does not exist: 404, not 401)
    expect((await call()).status()).toBe(404);
    await page.getByRole('dialog').last().getByRole('button').last().click();
    await expect(shown).toBeHidden();
    // the row shows the public prefix, never the secret
    await expect(row).toContainText(key.split('_')[1]!);
    await expect(page.getByText(key)).toHaveCount(0);

    // revoke: refused at once
    await row.getByRole('button', { name: buttonName(revoke) }).click();
    await page
      .getByRole('dialog')
      .last()
      .getByRole('button', { name: buttonName(revoke) })
      .click();
    await expect(row.locator('.ant-tag', { hasText: revoked })).toBeVisible(LOAD);
    expect((await call()).status()).toBe(401);
  });
}
