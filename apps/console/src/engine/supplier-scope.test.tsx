import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CustomerServicePage } from '../pages/suppliers/customer-service-page';
import { EntityFormPage } from './entity-form-page';
import { EntityListPage } from './entity-list-page';
import { fakeApi, ok, renderPage, routeNamed, signIn } from './test/harness';
import { productRecord } from './test/product-fixtures';

// A supplier account works inside its own company: its company is filled in on a new record and not offered as
// a choice, a list does not show the company column or filter that could only hold it, and another company's
// page is "not found" instead of the supplier's own company over an empty list.

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const supplier = () =>
  signIn({
    type: 'company',
    companyId: 1,
    roles: ['supplier'],
    permissions: [
      { type: 'menu', url: '/productManage/product_list' },
      { type: 'menu', url: '/productManage/product/product_add' },
      { type: 'resource', method: 'POST', url: '/api/product' },
      { type: 'menu', url: '/customer_service/customer_service_edit/:id' },
    ],
  });

const itemLabelled = (label: string) =>
  screen.queryAllByText(label, { selector: 'label' })[0]?.closest('.ant-form-item') as
    | HTMLElement
    | undefined;

describe('a supplier’s own company', { timeout: 60_000 }, () => {
  it('is not asked for on a new product', async () => {
    supplier();
    fakeApi()
      .on('GET /api/product_category/tree', () => ok({ list: [], total: 0 }))
      .on('GET /api/dictionary/:code/items', () => ok([]))
      .on('GET /api/company/options', () => ok([{ id: 1, label: 'Acme Pumps Co., Ltd.' }]));
    await renderPage(EntityFormPage, routeNamed('ProductAdd'), { url: '/productManage/product/product_add' });
    await waitFor(() => expect(itemLabelled('Product name')).toBeTruthy());
    expect(itemLabelled('Company')).toBeUndefined();
  });

  it('has no company column or filter in the product list', async () => {
    supplier();
    fakeApi().on('GET /api/product/list', () =>
      ok({ list: [productRecord()], total: 1, page: 1, size: 20, totalIsEstimate: false }),
    );
    await renderPage(EntityListPage, routeNamed('ProductList'), { url: '/productManage/product_list' });
    const row = (await screen.findByText('Centrifugal pump CP-50')).closest('tr')!;
    expect(within(row).queryByText('Acme Pumps Co., Ltd.')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: /^Company$/ })).toBeNull();
    expect(screen.queryByLabelText('Company')).toBeNull();
  });

  it('shows another company’s contacts as not found', async () => {
    supplier();
    const api = fakeApi()
      .on('GET /api/company/options', () => ok([{ id: 1, label: 'Acme Pumps Co., Ltd.' }]))
      .on('GET /api/customer_service/list', () => ok({ list: [], total: 0, page: 1, size: 50 }));
    await renderPage(CustomerServicePage, routeNamed('CustomerServiceEdit'), {
      url: '/customer_service/customer_service_edit/9',
    });
    expect(await screen.findByText('This record does not exist or has been deleted.')).toBeTruthy();
    expect(screen.queryByText(/Acme Pumps/)).toBeNull();
    expect(api.callsTo('GET', '/api/customer_service/list')).toHaveLength(0);
  });
});
