import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntityListPage } from '../entity-list-page';
import { fakeApi, ok, renderPage, routeNamed, signIn } from '../test/harness';
import { productRecord } from '../test/product-fixtures';

// A list opens on the columns its records are worked by; the others are in the column settings.

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('default columns', { timeout: 60_000 }, () => {
  it('shows a product’s name, company, status, price and audit status, not every detail', async () => {
    signIn();
    fakeApi().on('GET /api/product/list', () =>
      ok({ list: [productRecord()], total: 1, page: 1, size: 20, totalIsEstimate: false }),
    );
    await renderPage(EntityListPage, routeNamed('ProductList'), { url: '/productManage/product_list' });
    const table = await screen.findByRole('table');
    await within(table).findByText('Centrifugal pump CP-50');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim());
    for (const shown of ['Product name', 'Company', 'Status', 'Price', 'Audit status'])
      expect(headers).toContain(shown);
    for (const detail of ['Product kind', 'Sub-category', 'Brand', 'Tags', 'Hot', 'Product image'])
      expect(headers).not.toContain(detail);
  });
});
