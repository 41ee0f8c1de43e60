import { type EntityDef, entities } from '@organiser/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntityFormPage } from './entity-form-page';
import { companyRecord, contactRecord, regions, vipPackageRecord } from './test/company-fixtures';
import { fakeApi, ok, renderPage, routeNamed, signIn } from './test/harness';

// A company's customer-service contacts (customer_service declares `parent: { entity: 'company' }`) as a panel of
// the company's edit page: listed by the server's filter on the parent field, added with the company fixed, and
// reordered when the child declares an order.

const companyEdit = routeNamed('CompanyEdit');
const original = entities.customer_service!;

afterEach(() => {
  entities.customer_service = original;
  vi.unstubAllGlobals();
  localStorage.clear();
});

const li = contactRecord({ companyId: 1 });
const wang = contactRecord({ id: 9, companyId: 1, name: 'Wang Fang', isDefault: false });

function companyApi() {
  return fakeApi()
    .on('GET /api/company/1', () => ok(companyRecord()))
    .on('GET /api/vip_package/2', () => ok(vipPackageRecord()))
    .on('GET /api/vip_package/list', () => ok({ list: [vipPackageRecord()], total: 1, page: 1, size: 20 }))
    .on('GET /api/region/list_all', () => ok(regions))
    .on('GET /api/company_category/tree', () => ok({ list: [], total: 0 }))
    .on('GET /api/customer_service/list', () => ok({ list: [li, wang], total: 2, page: 1, size: 50 }))
    .on('POST /api/customer_service', (call) =>
      ok({ ...contactRecord({ id: 10 }), ...(call.body as object) }),
    )
    .on('POST /api/customer_service/reorder', () => ok({ ids: [9, 8] }));
}

async function openCompany() {
  await renderPage(EntityFormPage, companyEdit, { url: '/company/supplier/company_edit/1' });
  await screen.findByDisplayValue('Acme Pumps Co., Ltd.');
  const title = await screen.findByText('Customer-service contacts', { selector: '.ant-card-head-title' });
  return title.closest('.ant-card') as HTMLElement;
}

describe('the children panel of a parent', { timeout: 60_000 }, () => {
  it('lists the company’s contacts and adds one with the company fixed', async () => {
    signIn();
    const api = companyApi();
    const panel = await openCompany();
    await within(panel).findByText('Wang Fang');
    expect(api.callsTo('GET', '/api/customer_service/list')[0]!.query.get('companyId')).toBe('1');
    // no order declared: no up / down
    expect(within(panel).queryByRole('button', { name: 'Move down' })).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: /Add/ }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).queryByText('Company', { selector: 'label' })).toBeNull();
    await userEvent.type(within(drawer).getByLabelText('Name'), 'Zhao Min');
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 4_000);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/customer_service')).toHaveLength(1));
    clock.mockRestore();
    expect(api.callsTo('POST', '/api/customer_service')[0]!.body).toMatchObject({
      name: 'Zhao Min',
      companyId: 1,
    });
  });

  it('moves an ordered child down: the parent’s new order of ids', async () => {
    const fields: EntityDef['fields'] = {
      ...original.fields,
      sortNo: { kind: 'integer', label: { en: 'Order', zh: '排序' } },
    };
    entities.customer_service = { ...original, fields, parent: { ...original.parent!, order: 'sortNo' } };
    signIn();
    const api = companyApi();
    const panel = await openCompany();
    const row = (await within(panel).findByText('Li Lei')).closest('tr') as HTMLElement;
    expect(within(row).queryByRole('button', { name: 'Move up' })).toBeNull();
    const actions = within(row).getByRole('group');
    const down = within(actions).queryByRole('button', { name: 'Move down' });
    if (down) await userEvent.click(down);
    else {
      await userEvent.click(within(actions).getByRole('button', { name: /More/ }));
      await userEvent.click(await screen.findByRole('menuitem', { name: /Move down/ }));
    }
    await waitFor(() => expect(api.callsTo('POST', '/api/customer_service/reorder')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/customer_service/reorder')[0]!.body).toEqual({
      parentId: 1,
      ids: [9, 8],
    });
    // the list asks for the children in their declared order
    expect(api.callsTo('GET', '/api/customer_service/list').at(-1)!.query.get('sort')).toBe('sortNo');
  });

  it('puts a child dragged onto another in its place', async () => {
    const wu = contactRecord({ id: 11, companyId: 1, name: 'Wu Hao', isDefault: false });
    const fields: EntityDef['fields'] = {
      ...original.fields,
      sortNo: { kind: 'integer', label: { en: 'Order', zh: '排序' } },
    };
    entities.customer_service = { ...original, fields, parent: { ...original.parent!, order: 'sortNo' } };
    signIn();
    const api = companyApi().on('GET /api/customer_service/list', () =>
      ok({ list: [li, wang, wu], total: 3, page: 1, size: 50 }),
    );
    const panel = await openCompany();
    const rowOf = async (name: string) => (await within(panel).findByText(name)).closest('tr') as HTMLElement;
    const last = await rowOf('Wu Hao');
    const first = await rowOf('Li Lei');
    expect(last.getAttribute('draggable')).toBe('true');
    expect(within(last).getByTitle('Drag to reorder')).toBeTruthy();
    fireEvent.dragStart(last);
    fireEvent.dragOver(first);
    fireEvent.drop(first);
    await waitFor(() => expect(api.callsTo('POST', '/api/customer_service/reorder')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/customer_service/reorder')[0]!.body).toEqual({
      parentId: 1,
      ids: [11, 8, 9],
    });
  });
});
