import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntityFormPage } from './entity-form-page';
import { ok, renderPage, routeNamed, type StoredRecord, signIn, storingApi } from './test/harness';

// The product form follows the product kind: each kind's own specification fields are shown, required and
// sent only while that kind is chosen; switching the kind away sends the old kind's fields empty.

const productEdit = routeNamed('ProductEdit');

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const product = (): StoredRecord => ({
  id: 5,
  version: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdBy: null,
  updatedBy: null,
  deletedAt: null,
  name: 'Centrifugal Pump',
  enName: 'Centrifugal Pump',
  zhName: '离心泵',
  kind: 'device',
  parentId: null,
  parentIdLabel: null,
  companyId: 1,
  companyIdLabel: 'Acme Pumps Co., Ltd.',
  companyName: 'Acme Pumps Co., Ltd.',
  categoryId1: 3,
  categoryId1Label: 'Pumps',
  categoryId: null,
  categoryIdLabel: null,
  logo: 'demo/pump.png',
  shortContent: 'Stainless pump',
  brand: 'Huaxin',
  belongAddress: 'Suzhou',
  tags: [],
  tagsLabels: [],
  sortNo: 0,
  hot: false,
  cardStandout: false,
  status: 'enabled',
  model: 'HX-100',
  power: 7.5,
  voltage: null,
  warrantyMonths: null,
  grade: null,
  specification: null,
  density: null,
  args: null,
  arg1: null,
  arg2: null,
  arg3: null,
  arg4: null,
  arg5: null,
  arg6: null,
  otherParams: null,
  dynamicFormGroupCode: null,
  dynamicFormValues: null,
  price: null,
  priceUnit: null,
  priceTerm: null,
  minOrder: null,
  placeOfOrigin: null,
  imgs: [],
  adImgs: [],
  adVideos: null,
  attachments: [],
  content: '<p>A pump.</p>',
  auditStatus: 'passed',
  auditRemark: null,
  auditUser: 'admin',
  auditTime: '2026-01-01T00:00:00.000Z',
  isPublic: true,
  source: 'console',
  sourceCompanyId: null,
  sourceCompanyIdLabel: null,
  collectNum: 0,
  shareNum: 0,
  clickNum: 0,
  effective: {},
});

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
