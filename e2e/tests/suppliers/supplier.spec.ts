import { company, customerService, flattenRoutes, layoutRoutes, messages } from '@organiser/domain';
import { expect, login, test } from '../../fixtures';
import {
  buttonName,
  checkA11y,
  companyField,
  createCompany,
  LOAD,
  rowOf,
  texts,
  uniqueToken,
} from './helpers';

// A company's account signs in as a supplier. It sees only its own company (as "My company"), the consults
// sent to it, that company's products and its customer-service contacts: no organiser menu, no other company, no organiser-only field to change.

const routeTitle = (name: string) => flattenRoutes(layoutRoutes).find((r) => r.name === name)!.title;
const contactField = (name: string, lang: 'en' | 'zh') => customerService.fields[name]!.label[lang];

for (const lang of ['en', 'zh'] as const) {
  test(`a supplier account sees and edits only its own company and contacts (${lang})`, async ({
    page,
    request,
    adminToken,
  }) => {
    test.setTimeout(240_000);
    const t = texts[lang];
    const token = uniqueToken(`sup${lang}`);
    const password = 'Supplier2025';
    const name = `${token} ${lang === 'zh' ? '自有企业' : 'Own Supplies Ltd.'}`;
    const own = await createCompany(request, adminToken, { name, account: token, password });
    const other = await createCompany(request, adminToken, {
      name: `${token} Other Ltd.`,
      account: `${token}x`,
    });

    await login(page, { lang, account: token, password });
    const myCompany = t['scope.own'].replace(
      '{{entity}}',
      lang === 'en' ? company.labels.singular.en.toLowerCase() : company.labels.singular.zh,
    );
    const contactsTitle = routeTitle('CustomerServiceEdit')[lang];

    // the menu and the dashboard: its company and its contacts, nothing of the organiser's
    const menu = page.getByRole('navigation', { name: messages[lang].layout.mainMenu });
    await expect(menu.getByRole('link', { name: myCompany })).toBeVisible(LOAD);
    await expect(menu.getByRole('link', { name: contactsTitle })).toBeVisible();
    for (const organiserOnly of ['BannerList', 'CompanyAuditList', 'CompanyList', 'VipPackageList'])
      await expect(menu.getByText(routeTitle(organiserOnly)[lang], { exact: true })).toHaveCount(0);
    const shortcuts = page.locator('.dashboard-links a');
    await expect(shortcuts).toHaveText([
      myCompany,
      routeTitle('ConsultList')[lang],
      routeTitle('ProductList')[lang],
      routeTitle('SiteMessageList')[lang],
      routeTitle('PageViewList')[lang],
      contactsTitle,
      routeTitle('BuyRequirementMarket')[lang],
      routeTitle('SiteChatMessageList')[lang],
    ]);
    await checkA11y(page);

    // "My company" is its own company's edit page
    await menu.getByRole('link', { name: myCompany }).click();
    await expect(page).toHaveURL(new RegExp(`/company/supplier/company_edit/${own.id}$`), LOAD);
    const form = page.locator('form#company-form');
    await expect(form.getByLabel(companyField('name', lang), { exact: true })).toHaveValue(name, LOAD);
    await expect(form.getByLabel(companyField('account', lang), { exact: true })).toBeDisabled();
    // organiser-only: the package and the limits
    await expect(
      form.getByRole('combobox', { name: companyField('vipPackageId', lang), exact: true }),
    ).toBeDisabled();
    await expect(form.getByLabel(companyField('consultLimit', lang), { exact: true })).toBeDisabled();
    await checkA11y(page);
    const intro = form.getByLabel(companyField('introduce', lang), { exact: true });
    await intro.fill(`${name}: edited by its own supplier account.`);
    await page.getByRole('button', { name: buttonName(t['form.save']) }).click();
    await expect(page.getByText(t['form.saved'], { exact: true })).toBeVisible(LOAD);
    // the supplier stays on its page, with the saved text
    await expect(page).toHaveURL(new RegExp(`/company/supplier/company_edit/${own.id}$`));
    await expect(intro).toHaveValue(`${name}: edited by its own supplier account.`);

    // another company is not there for it, nor in its list
    await page.goto(`/company/supplier/company_edit/${other.id}`);
    await expect(page.getByText(t['form.notFound'])).toBeVisible(LOAD);
    await page.goto('/company/company_list');
    await expect(page.locator('tr.ant-table-row')).toHaveCount(1, LOAD);
    await expect(rowOf(page, name)).toHaveCount(1);

    // its customer-service contacts: the first one becomes the default, the default moves on request
    await menu.getByRole('link', { name: contactsTitle }).click();
    await expect(page).toHaveURL(new RegExp(`/customer_service/customer_service_edit/${own.id}$`), LOAD);
    await expect(page.getByText(t['contacts.empty'])).toBeVisible(LOAD);
    // the Chinese pass ends on the contacts page: adding, the default and editing are the same steps in
    // either language
    if (lang === 'zh') return;
    await checkA11y(page);
    for (const [contact, mobile] of [
      [`${token} Li`, '13900000001'],
      [`${token} Wang`, '13900000002'],
    ] as const) {
      await page.getByRole('button', { name: buttonName(t['list.add']) }).click();
      const drawer = page.getByRole('dialog');
      await drawer.getByLabel(contactField('name', lang), { exact: true }).fill(contact);
      await drawer.getByLabel(contactField('mobile', lang), { exact: true }).fill(mobile);
      await drawer.getByLabel(contactField('password', lang), { exact: true }).fill('Service2025');
      if (contact.endsWith('Li')) await checkA11y(page);
      await drawer.getByRole('button', { name: buttonName(t['form.save']) }).click();
      await expect(drawer).toBeHidden(LOAD);
      await expect(rowOf(page, contact)).toHaveCount(1, LOAD);
    }
    const first = rowOf(page, `${token} Li`);
    const second = rowOf(page, `${token} Wang`);
    await expect(first.getByText(t['contacts.default'], { exact: true })).toBeVisible();
    await expect(second.getByText(t['contacts.default'], { exact: true })).toHaveCount(0);
    await second
      .getByRole('button', { name: buttonName(customerService.commands.setDefault!.label[lang]) })
      .click();
    await expect(second.getByText(t['contacts.default'], { exact: true })).toBeVisible(LOAD);
    await expect(first.getByText(t['contacts.default'], { exact: true })).toHaveCount(0);

    // editing keeps the password unless a new one is typed (it is never shown)
    await first.getByRole('button', { name: buttonName(t['list.edit']) }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByLabel(contactField('name', lang), { exact: true })).toHaveValue(
      `${token} Li`,
      LOAD,
    );
    await expect(drawer.getByLabel(contactField('password', lang), { exact: true })).toHaveValue('');
    await drawer.getByLabel(contactField('position', lang), { exact: true }).fill('Sales');
    await drawer.getByRole('button', { name: buttonName(t['form.save']) }).click();
    await expect(drawer).toBeHidden(LOAD);
    await expect(first.getByText('Sales', { exact: true })).toBeVisible();
  });
}
