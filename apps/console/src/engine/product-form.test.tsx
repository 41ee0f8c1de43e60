import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntityFormPage } from './entity-form-page';
import { ok, renderPage, routeNamed, type StoredRecord, signIn, storingApi } from './test/harness';
import { productRecord } from './test/product-fixtures';

// The product form follows the product kind: each kind's own specification fields are shown, required and
// sent only while that kind is chosen; switching the kind away sends the old kind's fields empty.

const productEdit = routeNamed('ProductEdit');

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

// the fixture's device, as product 5 with its own model number
const product = (): StoredRecord => productRecord({ id: 5, model: 'HX-100', effective: {} }) as StoredRecord;

const itemLabelled = (label: string) =>
  screen.queryAllByText(label, { selector: 'label' })[0]?.closest('.ant-form-item') as
    | HTMLElement
    | undefined;

async function chooseKind(option: string) {
  await userEvent.click(within(itemLabelled('Product kind')!).getByRole('combobox'));
  const options = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  await userEvent.click(options[options.length - 1]!);
}

const save = () => fireEvent.click(screen.getByRole('button', { name: /Save/ }));

describe('the product form (kinds)', { timeout: 60_000 }, () => {
  it('shows each kind’s own fields, requires them, and sends the old kind’s empty on a switch', async () => {
    signIn();
    const api = storingApi({ product: [product()] })
      .on('GET /api/product_category/tree', () => ok({ list: [], total: 0 }))
      .on('GET /api/dictionary/:code/items', () => ok([]));
    await renderPage(EntityFormPage, productEdit, { url: '/productManage/product/product_edit/5' });
    await screen.findByDisplayValue('HX-100');
    expect(itemLabelled('Model')!.querySelector('.ant-form-item-required')).not.toBeNull();
    expect(itemLabelled('Grade')).toBeUndefined();
    expect(itemLabelled('Parent material')).toBeUndefined();

    // a sub-material has a grade and names its parent material
    await chooseKind('Sub-material');
    await waitFor(() => expect(itemLabelled('Parent material')).toBeTruthy());
    expect(itemLabelled('Grade')).toBeTruthy();
    expect(itemLabelled('Model')).toBeUndefined();

    await chooseKind('Material');
    await waitFor(() => expect(itemLabelled('Parent material')).toBeUndefined());
    await waitFor(() => expect(itemLabelled('Model')).toBeUndefined());
    const grade = await waitFor(() => itemLabelled('Grade')!);
    expect(grade.querySelector('.ant-form-item-required')).not.toBeNull();
    expect(itemLabelled('Parent material')).toBeUndefined();
    save();
    expect(await within(grade).findByText('Grade is required')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/product/5')).toHaveLength(0);

    await userEvent.type(within(grade).getByRole('textbox'), '316L');
    // Save ignores a second click within 3 s: move the clock past it
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 4_000);
    save();
    await waitFor(() => expect(api.callsTo('PUT', '/api/product/5')).toHaveLength(1));
    clock.mockRestore();
    const body = api.callsTo('PUT', '/api/product/5')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ kind: 'material', grade: '316L' });
    expect(body).toHaveProperty('model', null);
    expect(body).toHaveProperty('power', null);
    expect(api.stored('product', 5)).toMatchObject({ kind: 'material', grade: '316L', model: null });
  });
});

describe('the product form (audit fields)', { timeout: 60_000 }, () => {
  const auditLabels = ['Audit status', 'Audit remark', 'Audited by', 'Audited at'];

  for (const type of ['company', 'admin'] as const) {
    it(`does not offer the audit fields on add, and shows them read-only on edit (${type})`, async () => {
      signIn(type === 'company' ? { type, roles: ['supplier'], companyId: 1 } : {});
      // an audited product: its remark, auditor and time have values, so the edit form shows them
      const audited = {
        ...product(),
        auditRemark: 'Complete',
        auditUser: 'admin',
        auditTime: '2026-01-05T08:00:00.000Z',
      } as StoredRecord;
      storingApi({ product: [audited] })
        .on('GET /api/product_category/tree', () => ok({ list: [], total: 0 }))
        .on('GET /api/dictionary/:code/items', () => ok([]));
      const add = await renderPage(EntityFormPage, routeNamed('ProductAdd'), {
        url: '/productManage/product/product_add',
      });
      await waitFor(() => expect(itemLabelled('Product name')).toBeTruthy());
      for (const label of auditLabels) expect(itemLabelled(label), label).toBeUndefined();
      add.unmount();

      await renderPage(EntityFormPage, productEdit, { url: '/productManage/product/product_edit/5' });
      await screen.findByDisplayValue('HX-100');
      const status = itemLabelled('Audit status')!;
      expect(within(status).getByText('Passed')).toBeTruthy();
      expect(status.querySelector('.ant-select-disabled')).not.toBeNull();
      for (const label of auditLabels.slice(1)) {
        const item = itemLabelled(label)!;
        for (const control of item.querySelectorAll('input, textarea'))
          expect((control as HTMLInputElement).disabled, label).toBe(true);
      }
    });
  }
});

const node = (id: number, name: string, parentId: number | null, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  enName: name,
  zhName: null,
  parentId,
  status: 'enabled',
  sortNo: id,
  version: 1,
  ...extra,
});

const categoryTree = () => [
  {
    ...node(31, 'Machinery', null),
    children: [node(32, 'Pumps', 31), node(34, 'Valves', 31, { status: 'disabled' })],
  },
  { ...node(33, 'Textiles', null), children: [node(35, 'Yarn', 33)] },
  { ...node(36, 'Closed line', null, { status: 'disabled' }), children: [] },
];

/** The titles the tree select of a form item offers once opened. */
async function treeOptions(label: string): Promise<string[]> {
  const item = itemLabelled(label)!;
  await userEvent.click(within(item).getByRole('combobox'));
  const id = within(item).getByRole('combobox').getAttribute('aria-controls') ?? '';
  await waitFor(() => expect(document.querySelectorAll('.ant-select-tree-title').length).toBeGreaterThan(0));
  const popups = [...document.querySelectorAll('.ant-select-dropdown')].filter(
    (p) => !p.classList.contains('ant-select-dropdown-hidden'),
  );
  const popup = popups[popups.length - 1] ?? document.getElementById(id);
  const titles = [...(popup?.querySelectorAll('.ant-select-tree-title') ?? [])].map(
    (e) => e.textContent ?? '',
  );
  await userEvent.keyboard('{Escape}');
  return titles;
}

describe('the product form (categories)', { timeout: 60_000 }, () => {
  it('offers top-level categories in Category, the chosen one’s children in Sub-category, never a disabled one', async () => {
    signIn();
    const api = storingApi({ product: [product()] })
      .on('GET /api/product_category/tree', () => ok({ list: categoryTree(), total: 6 }))
      .on('GET /api/dictionary/:code/items', () => ok([]));
    await renderPage(EntityFormPage, productEdit, { url: '/productManage/product/product_edit/5' });
    await screen.findByDisplayValue('HX-100');
    expect(await treeOptions('Category')).toEqual(['Machinery', 'Textiles']);
    expect(await treeOptions('Sub-category')).toEqual(['Pumps']);

    // another category empties the sub-category, which then offers that category's children
    await userEvent.click(within(itemLabelled('Category')!).getByRole('combobox'));
    const textiles = await screen.findAllByText('Textiles', { selector: '.ant-select-tree-title' });
    await userEvent.click(textiles[textiles.length - 1]!);
    await waitFor(() => expect(within(itemLabelled('Sub-category')!).queryByText('Pumps')).toBeNull());
    expect(await treeOptions('Sub-category')).toEqual(['Yarn']);
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 4_000);
    save();
    await waitFor(() => expect(api.callsTo('PUT', '/api/product/5')).toHaveLength(1));
    clock.mockRestore();
    expect(api.callsTo('PUT', '/api/product/5')[0]!.body).toMatchObject({
      categoryId1: 33,
      categoryId: null,
    });
  });
});
