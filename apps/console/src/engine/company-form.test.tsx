import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntityFormPage } from './entity-form-page';
import { companyRecord, regions, vipPackageRecord } from './test/company-fixtures';
import { fakeApi, ok, renderPage, routeNamed, signIn } from './test/harness';

// The company form shows each inherited limit's value in force and where it comes from, follows the
// package chosen on the form, and a supplier account can neither change nor send the organiser-only fields. Its
// languages are chosen from their dictionary, by labels in the UI language.

const companyEdit = routeNamed('CompanyEdit');

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function itemOf(label: string): HTMLElement {
  const element = screen.getByText(label, { selector: 'label' });
  return element.closest('.ant-form-item') as HTMLElement;
}

const inForce = (label: string) => itemOf(label).querySelector('.entity-effective')?.textContent ?? null;

const basic = vipPackageRecord({ id: 3, enName: 'Basic', zhName: '基础会员', consultLimit: 5 });

function companyApi(record = companyRecord()) {
  return fakeApi()
    .on('GET /api/company/1', () => ok(record))
    .on('GET /api/vip_package/2', () => ok(vipPackageRecord()))
    .on('GET /api/vip_package/3', () => ok(basic))
    .on('GET /api/vip_package/list', () =>
      ok({ list: [vipPackageRecord(), basic], total: 2, page: 1, size: 20 }),
    )
    .on('GET /api/region/list_all', () => ok(regions))
    .on('GET /api/company_category/tree', () => ok({ list: [], total: 0 }))
    .on('PUT /api/company/1', (call) => ok({ ...record, ...(call.body as object), version: 4 }));
}

describe('the company form (inherited limits, supplier accounts)', { timeout: 60_000 }, () => {
  it('shows the value in force of each limit and where it comes from', async () => {
    signIn();
    companyApi();
    await renderPage(EntityFormPage, companyEdit, { url: '/company/supplier/company_edit/1' });
    await screen.findByDisplayValue('Acme Pumps Co., Ltd.');
    await waitFor(() =>
      expect(inForce('Enquiries a month')).toBe('In force: 20 · from the membership package “Gold”'),
    );
    expect(inForce('Company videos')).toBe('In force: 5 · set here');
    expect(inForce('Enquiry replies a month')).toBe(
      'In force: no limit · set neither here nor in the membership package',
    );
    // an empty limit names what it falls back to; an inherited flag has a third choice, "as the package says"
    expect(
      within(itemOf('Enquiries a month')).getByPlaceholderText('As the membership package says (20)'),
    ).toBeTruthy();
    expect(
      within(itemOf('Enquiries enabled')).getByText('As the membership package says (Yes)'),
    ).toBeTruthy();
    expect(inForce('Customer service enabled')).toBe('In force: No · set here');

    // its own value wins
    await userEvent.type(within(itemOf('Enquiries a month')).getByRole('spinbutton'), '40');
    await waitFor(() => expect(inForce('Enquiries a month')).toBe('In force: 40 · set here'));
  });

  it('follows the package chosen on the form', async () => {
    signIn();
    const api = companyApi();
    await renderPage(EntityFormPage, companyEdit, { url: '/company/supplier/company_edit/1', lang: 'zh' });
    await screen.findByDisplayValue('Acme Pumps Co., Ltd.');
    await waitFor(() => expect(inForce('咨询数/月')).toBe('当前生效：20 · 来自企业会员套餐“金牌”'));
    await userEvent.click(within(itemOf('会员套餐')).getByRole('combobox'));
    await userEvent.click(
      await screen.findByText('基础会员', { selector: '.ant-select-item-option-content' }),
    );
    // the select's search already brought the package: no second read
    await waitFor(() => expect(inForce('咨询数/月')).toBe('当前生效：5 · 来自企业会员套餐“基础会员”'));
    expect(api.callsTo('GET', '/api/vip_package/3')).toHaveLength(0);
  });

  it('shows the languages by their Chinese labels in the Chinese console and saves the chosen values', async () => {
    signIn();
    const api = companyApi(companyRecord({ languages: ['zh', 'en'] })).on(
      'GET /api/dictionary/company_language/items',
      () =>
        ok([
          { value: 'en', label: { en: 'English', zh: '英语' } },
          { value: 'zh', label: { en: 'Chinese', zh: '中文' } },
          { value: 'ja', label: { en: 'Japanese', zh: '日语' } },
        ]),
    );
    await renderPage(EntityFormPage, companyEdit, { url: '/company/supplier/company_edit/1', lang: 'zh' });
    await screen.findByDisplayValue('Acme Pumps Co., Ltd.');
    const languages = itemOf('语言');
    expect(await within(languages).findByText('中文')).toBeTruthy();
    expect(within(languages).getByText('英语')).toBeTruthy();
    expect(within(languages).queryByText('English')).toBeNull();
    await userEvent.click(within(languages).getByRole('combobox'));
    await userEvent.click(await screen.findByText('日语', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/company/1')).toHaveLength(1));
    const body = api.callsTo('PUT', '/api/company/1')[0]!.body as Record<string, unknown>;
    expect(body.languages).toEqual(['zh', 'en', 'ja']);
  });

  it('lets a supplier account save its company without the organiser-only fields', async () => {
    signIn({
      roles: ['supplier'],
      type: 'company',
      companyId: 1,
      permissions: [
        { type: 'menu', url: '/company' },
        { type: 'menu', url: '/company/company_list' },
        { type: 'menu', url: '/company/supplier/company_edit/:id' },
        { type: 'resource', method: 'PUT', url: '/api/company/:id' },
      ],
    });
    const api = companyApi();
    const rendered = await renderPage(EntityFormPage, companyEdit, {
      url: '/company/supplier/company_edit/1',
    });
    await screen.findByDisplayValue('Acme Pumps Co., Ltd.');
    // the package cannot be read by a supplier: the server's own account of the values in force is shown
    await waitFor(() =>
      expect(inForce('Enquiries a month')).toBe('In force: 20 · from the membership package “Gold”'),
    );
    expect(api.callsTo('GET', '/api/vip_package/2')).toHaveLength(0);
    expect(within(itemOf('Enquiries a month')).getByRole('spinbutton')).toHaveProperty('disabled', true);
    expect(within(itemOf('Membership package')).getByRole('combobox')).toHaveProperty('disabled', true);
    expect(within(itemOf('Company name')).getByRole('textbox')).toHaveProperty('disabled', false);

    const intro = within(itemOf('Introduction')).getByRole('textbox');
    await userEvent.clear(intro);
    await userEvent.type(intro, 'Pumps and valves since 1990.');
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/company/1')).toHaveLength(1));
    const body = api.callsTo('PUT', '/api/company/1')[0]!.body as Record<string, unknown>;
    expect(body.introduce).toBe('Pumps and valves since 1990.');
    for (const name of ['tags', 'sortNo', 'vipPackageId', 'consultLimit', 'enableConsult'])
      expect(body).not.toHaveProperty(name);
    // its own company is its page: it stays there, with the saved record
    await waitFor(() => expect(api.callsTo('GET', '/api/company/1').length).toBeGreaterThan(1));
    expect(rendered.router.state.location.pathname).toBe('/company/supplier/company_edit/1');
  });

  it('offers no disabled tag, and marks a stored one that was disabled since', async () => {
    signIn();
    const tag = (id: number, name: string, status: string) => ({ id, name, status, version: 1 });
    companyApi()
      .on('GET /api/company_tag/list', () =>
        ok({
          list: [
            tag(3, 'Gold supplier', 'disabled'),
            tag(8, 'Verified', 'enabled'),
            tag(9, 'Retired', 'disabled'),
          ],
          total: 3,
          page: 1,
          size: 20,
        }),
      )
      .on('GET /api/company_tag/options', () => ok([{ id: 3, label: 'Gold supplier', isDisabled: true }]));
    await renderPage(EntityFormPage, companyEdit, { url: '/company/supplier/company_edit/1' });
    await screen.findByDisplayValue('Acme Pumps Co., Ltd.');
    const tags = itemOf('Tags');
    await waitFor(() => expect(within(tags).getByText('Gold supplier (disabled)')).toBeTruthy());
    await userEvent.click(within(tags).getByRole('combobox'));
    await screen.findByText('Verified', { selector: '.ant-select-item-option-content' });
    const offered = [...document.querySelectorAll('.ant-select-item-option-content')].map(
      (e) => e.textContent,
    );
    expect(offered).toEqual(['Gold supplier (disabled)', 'Verified']);
  });
});
