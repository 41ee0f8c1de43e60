import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contactRecord } from '../../engine/test/company-fixtures';
import { fakeApi, ok, renderPage, routeNamed, signIn } from '../../engine/test/harness';
import { CustomerServicePage } from './customer-service-page';

const contactsRoute = routeNamed('CustomerServiceEdit');

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const li = contactRecord();
const wang = contactRecord({ id: 9, name: 'Wang Fang', mobile: '13900000002', isDefault: false, version: 2 });

function contactsApi() {
  return fakeApi()
    .on('GET /api/company/options', () => ok([{ id: 7, label: 'Acme Pumps' }]))
    .on('GET /api/customer_service/list', () => ok({ list: [li, wang], total: 2, page: 1, size: 50 }))
    .on('GET /api/customer_service/8', () => ok(li))
    .on('PUT /api/customer_service/:id', (call) => ok({ ...wang, ...(call.body as object) }))
    .on('POST /api/customer_service/setDefault/:id', () => ok({ ...wang, isDefault: true, version: 3 }))
    .on('POST /api/customer_service', (call) =>
      ok({ ...contactRecord({ id: 10 }), ...(call.body as object) }),
    );
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('CustomerServicePage', { timeout: 60_000 }, () => {
  it('lists the company’s contacts and moves the default', async () => {
    signIn();
    const api = contactsApi();
    await renderPage(CustomerServicePage, contactsRoute, {
      url: '/customer_service/customer_service_edit/7',
    });
    await screen.findByText('Wang Fang');
    expect(await screen.findByText('Company: Acme Pumps')).toBeTruthy();
    // only this company's contacts are asked for
    const list = api.callsTo('GET', '/api/customer_service/list')[0]!;
    expect(list.query.get('companyId')).toBe('7');
    expect(api.callsTo('GET', '/api/company/options')[0]!.query.get('ids')).toBe('7');
    // the default contact is marked, the other offers to become it
    expect(within(rowOf('Li Lei')).getByText('Default')).toBeTruthy();
    expect(within(rowOf('Li Lei')).queryByRole('button', { name: 'Set as default' })).toBeNull();
    await userEvent.click(within(rowOf('Wang Fang')).getByRole('button', { name: 'Set as default' }));
    // the declared command moves it (the server clears the old default in the same write)
    await waitFor(() => expect(api.callsTo('POST', '/api/customer_service/setDefault/9')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/customer_service/setDefault/9')[0]!.body).toEqual({});
    expect(api.callsTo('PUT', '/api/customer_service/9')).toHaveLength(0);
  });

  it('adds a contact to this company in a drawer, the password optional', async () => {
    signIn();
    const api = contactsApi();
    await renderPage(CustomerServicePage, contactsRoute, {
      url: '/customer_service/customer_service_edit/7',
      lang: 'zh',
    });
    await screen.findByText('Wang Fang');
    await userEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('新增客服联系人')).toBeTruthy();
    // the company is where the page is: not a field of the form
    expect(within(drawer).queryByText('所属企业', { selector: 'label' })).toBeNull();
    fireEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    expect(await within(drawer).findByText('请填写姓名')).toBeTruthy();
    await userEvent.type(within(drawer).getByLabelText('姓名'), 'Zhao Min');
    await userEvent.type(within(drawer).getByLabelText('手机'), '13900000003');
    // Save ignores a second click within 3 s: move the clock past it
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 4_000);
    fireEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.callsTo('POST', '/api/customer_service')).toHaveLength(1));
    clock.mockRestore();
    const body = api.callsTo('POST', '/api/customer_service')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Zhao Min', mobile: '13900000003', companyId: 7 });
    expect(body.password ?? null).toBeNull();
  });

  it('edits a contact without ever showing its password', async () => {
    signIn();
    const api = contactsApi();
    await renderPage(CustomerServicePage, contactsRoute, {
      url: '/customer_service/customer_service_edit/7',
    });
    await screen.findByText('Li Lei');
    await userEvent.click(within(rowOf('Li Lei')).getByRole('button', { name: 'Edit' }));
    const drawer = await screen.findByRole('dialog');
    await waitFor(() => expect(within(drawer).getByLabelText('Name')).toHaveProperty('value', 'Li Lei'));
    const password = within(drawer).getByLabelText('IM password') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    await userEvent.type(within(drawer).getByLabelText('Position'), ' (south)');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/customer_service/8')).toHaveLength(1));
    const body = api.callsTo('PUT', '/api/customer_service/8')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ position: 'Sales manager (south)', version: 3 });
    expect(body.password ?? null).toBeNull();
    // the company of a contact does not change
    expect(body).not.toHaveProperty('companyId');
  });
});
