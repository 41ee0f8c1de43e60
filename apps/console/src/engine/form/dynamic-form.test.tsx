import { type EntityDef, entities } from '@organiser/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EntityFormPage } from '../entity-form-page';
import { EntityListPage } from '../entity-list-page';
import { bannerRecord } from '../test/banner-fixtures';
import { fakeApi, ok, renderPage, routeNamed, type StoredRecord, signIn, storingApi } from '../test/harness';

// A banner with a form group and a dynamic form of product inputs, for the time of these tests: the section
// shows the stored values in the group's inputs, changes them (a switch on and off, values set and cleared),
// saves exactly what the inputs hold, shows the server's messages on their inputs, and keeps the values of
// the codes a newly chosen group also has.
const original = entities.banner!;
beforeAll(() => {
  const fields: EntityDef['fields'] = {
    ...original.fields,
    formGroup: { kind: 'text', label: { en: 'Form group', zh: '表单分组' }, maxLength: 50 },
    specs: {
      kind: 'dynamicForm',
      label: { en: 'Specifications', zh: '规格' },
      groupField: 'formGroup',
      category: 'product',
    },
  };
  entities.banner = { ...original, fields };
});
afterAll(() => {
  entities.banner = original;
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const option = (value: string, en: string, zh: string) => ({ value, label: { en, zh } });
const config = (code: string, type: string, en: string, zh: string, extra: Record<string, unknown> = {}) => ({
  code,
  type,
  label: { en, zh },
  options: [],
  required: false,
  min: null,
  max: null,
  maxLength: null,
  filterable: false,
  sortNo: 0,
  ...extra,
});
const machine = [
  config('power', 'number', 'Power (kW)', '功率（千瓦）', { required: true, min: 0, max: 100 }),
  config('voltage', 'select', 'Voltage', '电压', {
    options: [option('220V', '220 V', '220 伏'), option('380V', '380 V', '380 伏')],
  }),
  config('certifications', 'multiSelect', 'Certifications', '认证', {
    options: [option('CE', 'CE', 'CE 认证'), option('UL', 'UL', 'UL 认证')],
  }),
  config('model', 'text', 'Model', '型号'),
  config('portable', 'boolean', 'Portable', '便携'),
];
const fabric = [
  config('composition', 'text', 'Composition', '成分'),
  config('portable', 'boolean', 'Portable', '便携'),
];

const bannerEdit = routeNamed('BannerEdit');
const itemLabelled = (label: string) =>
  screen.queryAllByText(label, { selector: 'label' })[0]?.closest('.ant-form-item') as
    | HTMLElement
    | undefined;

async function openBanner(stored: Record<string, unknown>) {
  signIn();
  const api = storingApi({ banner: [{ ...bannerRecord(), ...stored } as StoredRecord] })
    .on('GET /api/banner_position/list', () => ok({ list: [], total: 0, page: 1, size: 20 }))
    .on('GET /api/dynamic_form/group/product/machine', () => ok(machine))
    .on('GET /api/dynamic_form/group/product/fabric', () => ok(fabric));
  await renderPage(EntityFormPage, bannerEdit, { url: '/banner/banner_edit/7' });
  await waitFor(() => expect(itemLabelled('Power (kW)')).toBeTruthy());
  return api;
}

let clockAt = Date.now();
/** Save ignores a second click within 3 s: each save moves the clock past it. */
function save() {
  clockAt += 4_000;
  const clock = vi.spyOn(Date, 'now').mockReturnValue(clockAt);
  fireEvent.click(screen.getByRole('button', { name: /Save/ }));
  clock.mockRestore();
}

const stored = { power: 7.5, voltage: '220V', certifications: ['CE'], portable: true };

describe('dynamic form section', { timeout: 60_000 }, () => {
  it('shows the stored values, changes them on and off, set and cleared, and saves what the inputs hold', async () => {
    const api = await openBanner({ formGroup: 'machine', specs: stored });
    const power = itemLabelled('Power (kW)')!;
    expect(power.querySelector('.ant-form-item-required')).not.toBeNull();
    expect(within(power).getByRole('spinbutton')).toHaveProperty('value', '7.5');
    expect(within(itemLabelled('Voltage')!).getByText('220 V')).toBeTruthy();
    expect(within(itemLabelled('Certifications')!).getByText('CE')).toBeTruthy();
    const portable = within(itemLabelled('Portable')!).getByRole('switch');
    expect(portable.getAttribute('aria-checked')).toBe('true');

    await userEvent.click(portable);
    expect(portable.getAttribute('aria-checked')).toBe('false');
    const powerInput = within(power).getByRole('spinbutton');
    await userEvent.clear(powerInput);
    await userEvent.type(powerInput, '9');
    await userEvent.type(within(itemLabelled('Model')!).getByRole('textbox'), 'X-1');
    // the voltage cleared with its clear button
    const voltage = itemLabelled('Voltage')!;
    fireEvent.mouseEnter(voltage.querySelector('.ant-select')!);
    const clear = await waitFor(() => voltage.querySelector('.ant-select-clear')!);
    fireEvent.mouseDown(clear);
    fireEvent.mouseUp(clear);
    fireEvent.click(clear);
    await waitFor(() => expect(within(voltage).queryByText('220 V')).toBeNull());

    save();
    await waitFor(() => expect(api.callsTo('PUT', '/api/banner/7')).toHaveLength(1));
    expect((api.callsTo('PUT', '/api/banner/7')[0]!.body as Record<string, unknown>).specs).toEqual({
      power: 9,
      certifications: ['CE'],
      portable: false,
      model: 'X-1',
    });
    expect(api.stored('banner', 7)!.specs).toEqual({
      power: 9,
      certifications: ['CE'],
      portable: false,
      model: 'X-1',
    });
  });

  it('switches a stored "no" on and clears a stored text', async () => {
    const api = await openBanner({
      formGroup: 'machine',
      specs: { power: 9, certifications: ['CE'], portable: false, model: 'X-1' },
    });
    expect(within(itemLabelled('Model')!).getByRole('textbox')).toHaveProperty('value', 'X-1');
    const portable = within(itemLabelled('Portable')!).getByRole('switch');
    expect(portable.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(portable);
    await userEvent.clear(within(itemLabelled('Model')!).getByRole('textbox'));
    save();
    await waitFor(() => expect(api.callsTo('PUT', '/api/banner/7')).toHaveLength(1));
    expect(api.stored('banner', 7)!.specs).toEqual({ power: 9, certifications: ['CE'], portable: true });
  });

  it('shows a stored value its config no longer accepts, and the server’s message, on the input', async () => {
    const api = await openBanner({
      formGroup: 'machine',
      specs: { ...stored, voltage: '110V' },
      formIssues: [{ path: 'specs.voltage', message: 'Voltage must be one of: 220V, 380V' }],
    });
    expect(
      await within(itemLabelled('Voltage')!).findByText('Voltage must be one of: 220V, 380V'),
    ).toBeTruthy();
    api.on('PUT /api/banner/:id', () => ({
      status: 400,
      body: {
        success: false,
        code: 40000,
        message: 'Some fields are not valid',
        content: { errors: [{ path: 'specs.power', message: 'Power (kW) must be at most 100' }] },
      },
    }));
    save();
    expect(
      await within(itemLabelled('Power (kW)')!).findByText('Power (kW) must be at most 100'),
    ).toBeTruthy();
  });

  it('shows the inputs of a newly chosen group and keeps the values of the codes it also has', async () => {
    const api = await openBanner({ formGroup: 'machine', specs: stored });
    const group = within(itemLabelled('Form group')!).getByRole('textbox');
    await userEvent.clear(group);
    await userEvent.type(group, 'fabric');
    await waitFor(() => expect(itemLabelled('Composition')).toBeTruthy());
    expect(itemLabelled('Power (kW)')).toBeUndefined();
    expect(within(itemLabelled('Portable')!).getByRole('switch').getAttribute('aria-checked')).toBe('true');
    await userEvent.type(within(itemLabelled('Composition')!).getByRole('textbox'), 'Cotton');
    save();
    await waitFor(() => expect(api.callsTo('PUT', '/api/banner/7')).toHaveLength(1));
    expect(api.stored('banner', 7)).toMatchObject({
      formGroup: 'fabric',
      specs: { portable: true, composition: 'Cotton' },
    });
  });
});

describe('dynamic form list filters', { timeout: 60_000 }, () => {
  it('offers the filterable inputs as filters, read from and written to the URL and the request', async () => {
    signIn();
    const api = fakeApi()
      .on('GET /api/banner/list', () => ok({ list: [bannerRecord()], total: 1, page: 1, size: 20 }))
      .on('GET /api/banner_position/list', () => ok({ list: [], total: 0, page: 1, size: 20 }))
      .on('GET /api/dynamic_form/filters/product', () =>
        ok([
          { ...machine[1]!, filterable: true },
          config('ecoCertified', 'boolean', 'Eco-certified', '环保认证', { filterable: true }),
        ]),
      );
    await renderPage(EntityListPage, routeNamed('BannerList'), {
      url: '/banner/banner_list?specs.voltage=220V&specs.bogus=1',
    });
    await screen.findByText('Spring fair');
    // the URL's filter is sent (the server checks the code against the configs)
    expect(api.callsTo('GET', '/api/banner/list')[0]!.query.get('specs.voltage')).toBe('220V');
    await userEvent.click(screen.getByRole('button', { name: /More filters/ }));
    const voltage = await screen.findByLabelText('Voltage');
    expect(voltage).toBeTruthy();
    expect(await screen.findByLabelText('Eco-certified')).toBeTruthy();
    // another option chosen in the search form: the URL and the next request carry both
    await userEvent.click(voltage);
    const options = await screen.findAllByText('380 V', { selector: '.ant-select-item-option-content' });
    await userEvent.click(options[options.length - 1]!);
    await userEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/banner/list').at(-1)!.query.get('specs.voltage')).toBe('220V,380V'),
    );
    expect(screen.getByTestId('location').textContent).toContain('specs.voltage=220V%2C380V');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/banner/banner_list'));
    expect(api.callsTo('GET', '/api/banner/list').at(-1)!.query.get('specs.voltage')).toBeNull();
  });
});
