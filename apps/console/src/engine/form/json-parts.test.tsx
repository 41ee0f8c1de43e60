import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntityFormPage } from '../entity-form-page';
import { ok, renderPage, routeNamed, type StoredRecord, signIn, storingApi } from '../test/harness';
import { productRecord } from '../test/product-fixtures';

// A JSON field with declared parts (a product's basic parameters: address, date of manufacture, size) is a small
// form of its own: one labelled input per part, saved as the object, shown again from the stored object.

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const itemLabelled = (label: string) =>
  screen.queryAllByText(label, { selector: 'label' })[0]?.closest('.ant-form-item') as HTMLElement;

describe('basic parameters', { timeout: 60_000 }, () => {
  it('edits the address, date of manufacture and size as inputs and saves the object', async () => {
    signIn();
    const product = productRecord({ id: 5, args: { address: 'Suzhou' }, effective: {} }) as StoredRecord;
    const api = storingApi({ product: [product] })
      .on('GET /api/product_category/tree', () => ok({ list: [], total: 0 }))
      .on('GET /api/dictionary/:code/items', () => ok([]));
    await renderPage(EntityFormPage, routeNamed('ProductEdit'), {
      url: '/productManage/product/product_edit/5',
    });
    await screen.findByDisplayValue('Suzhou');
    const item = itemLabelled('Basic parameters');
    expect(item.querySelector('textarea')).toBeNull();
    fireEvent.change(within(item).getByLabelText('Size'), { target: { value: '40x30x30 cm' } });
    expect(within(item).getByLabelText('Date of manufacture')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/product/5')).toHaveLength(1));
    expect((api.callsTo('PUT', '/api/product/5')[0]!.body as { args: unknown }).args).toEqual({
      address: 'Suzhou',
      size: '40x30x30 cm',
    });
    expect(api.stored('product', 5)!.args).toEqual({ address: 'Suzhou', size: '40x30x30 cm' });
  });
});
