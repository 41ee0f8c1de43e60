import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntityFormPage } from '../entity-form-page';
import { ok, renderPage, routeNamed, type StoredRecord, signIn, storingApi } from '../test/harness';
import { productRecord } from '../test/product-fixtures';

// A text field with a length limit shows its count and limit, keeps what was typed or pasted whole, and the
// form's check says what is too long, instead of the input cutting the text silently.

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const itemLabelled = (label: string) =>
  screen.queryAllByText(label, { selector: 'label' })[0]?.closest('.ant-form-item') as HTMLElement;

describe('text limits', { timeout: 60_000 }, () => {
  it('keeps a pasted short description whole, counts it against its limit and refuses it on Save', async () => {
    signIn();
    const product = productRecord({ id: 5, shortContent: 'Compact', effective: {} }) as StoredRecord;
    const api = storingApi({ product: [product] })
      .on('GET /api/product_category/tree', () => ok({ list: [], total: 0 }))
      .on('GET /api/dictionary/:code/items', () => ok([]));
    await renderPage(EntityFormPage, routeNamed('ProductEdit'), {
      url: '/productManage/product/product_edit/5',
    });
    const input = (await screen.findByDisplayValue('Compact')) as HTMLInputElement;
    const item = itemLabelled('Short description');
    expect(within(item).getByText('7 / 40')).toBeTruthy();
    expect(input.getAttribute('maxlength')).toBeNull();
    const pasted = 'A compact industrial mixer for dough and batter';
    fireEvent.change(input, { target: { value: pasted } });
    expect(input.value).toBe(pasted);
    expect(within(item).getByText(`${pasted.length} / 40`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await within(item).findByText('Short description allows at most 40 characters')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/product/5')).toHaveLength(0);
    expect(api.stored('product', 5)).toMatchObject({ shortContent: 'Compact' });
  });
});
