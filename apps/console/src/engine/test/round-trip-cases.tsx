import { entities, formLayout } from '@organiser/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { expect } from 'vitest';
import { EntityFormPage } from '../entity-form-page';
import { bannerRecord } from './banner-fixtures';
import { categoryRecord, companyRecord, regions, vipPackageRecord } from './company-fixtures';
import { ok, renderPage, routeNamed, type StoredRecord, signIn, storingApi } from './harness';
import {
  productCategories,
  productDictionaries,
  productFormGroups,
  productFormInputs,
  productRecord,
} from './product-fixtures';

// Every widget kind of the forms round-trips against a fake API that stores. Each case
// loads a non-default stored value, checks what the control shows, changes it (off, cleared, another choice),
// saves, compares the sent body exactly, and opens the form again to check the control shows the saved value.
// Cases of one form run together (see `groups`); the groups run in the round-trip-N.test.tsx files, a share
// each, so the test workers share them.

type Entity =
  | 'company'
  | 'vip_package'
  | 'banner'
  | 'company_category'
  | 'dynamic_form_config'
  | 'product'
  | 'api_key'
  | 'role';

const routeOf: Record<Entity, string> = {
  company: 'CompanyEdit',
  vip_package: 'VipPackageEdit',
  banner: 'BannerEdit',
  company_category: 'CompanyCategoryEdit',
  dynamic_form_config: 'DynamicFormConfigEdit',
  product: 'ProductEdit',
  api_key: 'ApiKeyEdit',
  role: 'RoleEdit',
};

type Case = {
  entity: Entity;
  /** The field the case changes (its label finds the control). */
  field: string;
  /** The stored value the form opens with (merged into the entity's fixture). */
  stored: Record<string, unknown>;
  /** What the control shows for the stored value, then for the saved one. */
  shows: (item: HTMLElement) => string | null;
  before: string | null;
  after: string | null;
  /** What the reopened form shows, when not `after` (a password is never shown again). */
  reopened?: string | null;
  change: (item: HTMLElement) => Promise<void>;
  /** The fields the save changes, as they must appear in the body. */
  sent: Record<string, unknown>;
};

const textbox = (item: HTMLElement) => (within(item).getAllByRole('textbox')[0] as HTMLInputElement).value;
const spin = (item: HTMLElement) => (within(item).getByRole('spinbutton') as HTMLInputElement).value;
export const switchState = (item: HTMLElement) =>
  within(item).getByRole('switch').getAttribute('aria-checked');
/** A select's chosen values as shown: the tags of a multiple one, else the single value's text. */
export const selected = (item: HTMLElement) => {
  const tags = [...item.querySelectorAll('.ant-select-selection-item-content')].map((e) =>
    e.textContent?.trim(),
  );
  if (tags.length > 0) return tags.join(' | ');
  return item.querySelector('.ant-select-content-has-value')?.textContent?.trim() || null;
};
const images = (item: HTMLElement) =>
  [...item.querySelectorAll('img')].map((i) => i.getAttribute('src')).join(' | ') || null;
const removeButtons = (item: HTMLElement) =>
  within(item).queryAllByRole('button', { name: /^Remove/ }).length;

async function clearText(item: HTMLElement) {
  await userEvent.clear(within(item).getAllByRole('textbox')[0]!);
}

export async function choose(item: HTMLElement, option: string) {
  await userEvent.click(within(item).getByRole('combobox'));
  const options = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  await userEvent.click(options[options.length - 1]!);
}

async function removeEvery(item: HTMLElement) {
  for (const button of within(item).getAllByRole('button', { name: /^Remove/ }))
    await userEvent.click(button);
}

async function removeChosen(item: HTMLElement) {
  for (const icon of item.querySelectorAll('.ant-select-selection-item-remove')) await userEvent.click(icon);
}

const option = (value: string, en: string, zh: string) => ({ value, label: { en, zh } });
const volts = [option('220V', '220 V', '220 伏'), option('380V', '380 V', '380 伏')];
const inputValues = (item: HTMLElement) =>
  [...item.querySelectorAll('input')].map((i) => i.value).join(' | ') || null;

/** The titles of the permission tree's checked entries. */
const checkedTitles = (item: HTMLElement) =>
  [...item.querySelectorAll('.ant-tree-treenode-checkbox-checked .ant-tree-title')]
    .map((e) => e.textContent?.trim())
    .join(' | ') || null;

/** Two top-level menus the caller may grant, as `GET /api/role/permission_tree` answers them. */
const permissionTree = [1, 2].map((id) => ({
  id,
  parentId: null,
  type: 'menu',
  icon: null,
  name: id === 1 ? { en: 'Banner', zh: '横幅管理' } : { en: 'Company', zh: '企业管理' },
  method: '',
  url: `/p${id}`,
  sortNo: id,
  status: 'enabled',
  builtIn: true,
  stale: false,
  roles: 0,
  grantable: true,
}));

/** A role, as the API returns it. */
const roleRecord = () => ({
  id: 7,
  version: 1,
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
  createdBy: 1,
  updatedBy: 1,
  code: 'reader',
  nameEn: 'Reader',
  nameZh: '读者',
  name: { en: 'Reader', zh: '读者' },
  status: 'enabled',
  remark: '',
  builtIn: false,
  holders: 0,
  permissionIds: [],
});

/** The rich text as the editor holds it: the HTML of its area, or of its source view. */
const richText = (item: HTMLElement) => {
  const box = within(item).getByRole('textbox');
  return box instanceof HTMLTextAreaElement ? box.value : box.innerHTML;
};

/** One case per widget kind the forms use (the kit's `widget`, and the tri-state of an inherited flag). */
export const cases: Record<string, Case> = {
  formOptions: {
    entity: 'dynamic_form_config',
    field: 'options',
    stored: { options: volts },
    shows: inputValues,
    before: '220V | 220 V | 220 伏 | 380V | 380 V | 380 伏',
    after: '380V | 380 V | 380 伏',
    change: (item) => userEvent.click(within(item).getByRole('button', { name: 'Remove the option 1' })),
    sent: { options: [volts[1]] },
  },
  input: {
    entity: 'company',
    field: 'industry',
    stored: { industry: 'Fluid handling' },
    shows: textbox,
    before: 'Fluid handling',
    after: '',
    change: clearText,
    sent: { industry: '' },
  },
  bilingual: {
    entity: 'vip_package',
    field: 'enName',
    stored: { enName: 'Gold' },
    shows: textbox,
    before: 'Gold',
    after: 'Platinum',
    change: async (item) => {
      await clearText(item);
      await userEvent.type(within(item).getAllByRole('textbox')[0]!, 'Platinum');
    },
    sent: { enName: 'Platinum' },
  },
  textarea: {
    entity: 'company',
    field: 'equipment',
    stored: { equipment: 'Five CNC lathes' },
    shows: textbox,
    before: 'Five CNC lathes',
    after: '',
    change: clearText,
    sent: { equipment: '' },
  },
  number: {
    entity: 'company',
    field: 'staffCount',
    stored: { staffCount: 120 },
    shows: spin,
    before: '120',
    after: '',
    change: async (item) => userEvent.clear(within(item).getByRole('spinbutton')),
    sent: { staffCount: null },
  },
  money: {
    entity: 'vip_package',
    field: 'price',
    stored: { price: 100 },
    shows: spin,
    before: '100.00',
    after: '250.50',
    change: async (item) => {
      const input = within(item).getByRole('spinbutton');
      await userEvent.clear(input);
      await userEvent.type(input, '250.5');
      fireEvent.blur(input);
    },
    sent: { price: 250.5 },
  },
  select: {
    entity: 'company',
    field: 'type',
    stored: { type: 'manufacturer' },
    shows: selected,
    before: 'Manufacturer',
    after: 'Trading company',
    change: (item) => choose(item, 'Trading company'),
    sent: { type: 'trading' },
  },
  switch: {
    entity: 'vip_package',
    field: 'enableConsult',
    stored: { enableConsult: true },
    shows: switchState,
    before: 'true',
    after: 'false',
    change: async (item) => userEvent.click(within(item).getByRole('switch')),
    sent: { enableConsult: false },
  },
  'switch (inherited: yes / no / as the package says)': {
    entity: 'company',
    field: 'enableCustomerService',
    stored: { enableCustomerService: true },
    shows: selected,
    before: 'Yes',
    after: 'As the membership package says (Yes)',
    change: (item) => choose(item, 'As the membership package says (Yes)'),
    sent: { enableCustomerService: null },
  },
  tags: {
    entity: 'company',
    field: 'certifications',
    stored: { certifications: ['ISO 9001'] },
    shows: selected,
    before: 'ISO 9001',
    after: null,
    change: removeChosen,
    sent: { certifications: [] },
  },
  relationSelect: {
    entity: 'company',
    field: 'tags',
    stored: { tags: [3], tagsLabels: ['Gold supplier'] },
    shows: selected,
    before: 'Gold supplier',
    after: null,
    change: removeChosen,
    sent: { tags: [] },
  },
  treeSelect: {
    entity: 'company_category',
    field: 'parentId',
    stored: { parentId: 11 },
    shows: selected,
    before: 'Pumps',
    after: null,
    change: async (item) => userEvent.click(within(item).getByRole('button', { name: 'Clear' })),
    sent: { parentId: null },
  },
  imageUpload: {
    entity: 'company',
    field: 'adImgs',
    stored: { adImgs: ['2025/05/ad-1.png'] },
    shows: images,
    before: '/uploads/2025/05/ad-1.png',
    after: null,
    change: removeEvery,
    sent: { adImgs: [] },
  },
  videoUpload: {
    entity: 'company',
    field: 'adVideos',
    stored: { adVideos: '2025/05/tour.mp4' },
    shows: (item) => String(removeButtons(item)),
    before: '1',
    after: '0',
    change: removeEvery,
    sent: { adVideos: null },
  },
  fileUpload: {
    entity: 'company',
    field: 'attachments',
    stored: { attachments: [{ name: 'catalogue.pdf', path: '2025/05/catalogue.pdf', size: 1000 }] },
    shows: (item) => String(removeButtons(item)),
    before: '1',
    after: '0',
    change: removeEvery,
    sent: { attachments: [] },
  },
  areaPhone: {
    entity: 'company',
    field: 'telphone',
    stored: { telphone: '021-62345678' },
    shows: (item) =>
      within(item)
        .getAllByRole('textbox')
        .map((e) => (e as HTMLInputElement).value)
        .join(' '),
    before: '021 62345678',
    after: '0755 62345678',
    change: async (item) => {
      const area = within(item).getAllByRole('textbox')[0]!;
      await userEvent.clear(area);
      await userEvent.type(area, '0755');
    },
    sent: { telphone: '0755-62345678' },
  },
  regionCountry: {
    entity: 'company',
    field: 'countryCode',
    stored: { countryCode: 'CN' },
    shows: selected,
    before: 'China',
    after: 'Germany',
    change: (item) => choose(item, 'Germany'),
    // provinces are China's: another country empties the province / city
    sent: { countryCode: 'DE', belong: null },
  },
  regionArea: {
    entity: 'company',
    field: 'belong',
    stored: { belong: '440000/440300' },
    shows: selected,
    before: 'Guangdong / Shenzhen',
    after: null,
    change: async (item) => userEvent.click(within(item).getByRole('button', { name: 'Clear' })),
    sent: { belong: null },
  },
  password: {
    entity: 'company',
    field: 'password',
    // a secret is never returned: the control starts empty and says so
    stored: {},
    shows: (item) => (item.querySelector('input') as HTMLInputElement).value,
    before: '',
    after: 'N3w-secret-pass',
    reopened: '',
    change: async (item) => userEvent.type(item.querySelector('input')!, 'N3w-secret-pass'),
    sent: { password: 'N3w-secret-pass' },
  },
  dictSelect: {
    entity: 'product',
    field: 'priceUnit',
    stored: { priceUnit: 'set' },
    shows: selected,
    before: 'Set',
    after: 'Piece',
    change: (item) => choose(item, 'Piece'),
    sent: { priceUnit: 'piece' },
  },
  json: {
    entity: 'product',
    field: 'args',
    // the product's basic parameters: an object of declared parts, one input each (the address first)
    stored: { args: { address: 'Shenzhen', size: '1 m' } },
    shows: textbox,
    before: 'Shenzhen',
    after: '',
    change: clearText,
    sent: { args: { size: '1 m' } },
  },
  richText: {
    entity: 'product',
    field: 'content',
    stored: { content: '<p>Made of <b>cast iron</b>.</p>' },
    shows: richText,
    before: '<p>Made of <b>cast iron</b>.</p>',
    after: '<p>Stainless steel</p>',
    change: async (item) => {
      await userEvent.click(within(item).getByRole('button', { name: /HTML source/ }));
      const source = within(item).getByRole('textbox');
      await userEvent.clear(source);
      await userEvent.type(source, '<p>Stainless steel</p>');
    },
    sent: { content: '<p>Stainless steel</p>' },
  },
  dynamicForm: {
    entity: 'product',
    field: 'dynamicFormValues',
    stored: { dynamicFormGroupCode: 'machine', dynamicFormValues: { voltage: '380V' } },
    shows: selected,
    before: '380 V',
    after: '220 V',
    change: (item) => choose(item, '220 V'),
    sent: { dynamicFormValues: { voltage: '220V' } },
  },
  dynamicFormGroup: {
    entity: 'product',
    field: 'dynamicFormGroupCode',
    stored: { dynamicFormGroupCode: 'machine', dynamicFormValues: { voltage: '380V' } },
    shows: selected,
    before: 'machine (2 inputs)',
    after: null,
    change: async (item) => userEvent.click(within(item).getByRole('button', { name: 'Clear' })),
    sent: { dynamicFormGroupCode: null, dynamicFormValues: null },
  },
  date: {
    entity: 'banner',
    field: 'endDate',
    stored: { endDate: '2025-06-01' },
    shows: (item) => (item.querySelector('input') as HTMLInputElement).value,
    before: '2025-06-01',
    after: '',
    change: async (item) => {
      const clear = item.querySelector('.ant-picker-clear') as HTMLElement;
      fireEvent.mouseDown(clear);
      fireEvent.mouseUp(clear);
      fireEvent.click(clear);
    },
    sent: { endDate: null },
  },
  permissionTree: {
    entity: 'role',
    field: 'permissionIds',
    stored: { permissionIds: [1] },
    shows: checkedTitles,
    before: 'Banner',
    after: 'Banner | Company',
    change: (item) =>
      userEvent.click(
        within(item).getByText('Company').closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!,
      ),
    sent: { permissionIds: [1, 2] },
  },
  datetime: {
    entity: 'api_key',
    field: 'expiresAt',
    stored: { expiresAt: '2026-12-31T10:00:00.000Z' },
    shows: (item) => (item.querySelector('input') as HTMLInputElement).value,
    // shown in the browser's time zone
    before: dayjs('2026-12-31T10:00:00.000Z').format('YYYY-MM-DD HH:mm:ss'),
    after: '',
    change: async (item) => {
      const clear = item.querySelector('.ant-picker-clear') as HTMLElement;
      fireEvent.mouseDown(clear);
      fireEvent.mouseUp(clear);
      fireEvent.click(clear);
    },
    sent: { expiresAt: null },
  },
};

/** The case name of a form field: its widget, and the tri-state of an inherited flag. */
const caseOf = (f: { widget: string; inherit?: unknown }) =>
  f.widget === 'switch' && f.inherit ? 'switch (inherited: yes / no / as the package says)' : f.widget;

/** Every widget kind an entity's form shows, editable, from the entity definitions. */
export const usedKinds = [
  ...new Set(
    Object.values(entities).flatMap((def) =>
      formLayout(def, { mode: 'edit' }).flatMap((g) => g.fields.filter((f) => !f.isDisabled).map(caseOf)),
    ),
  ),
].sort();

/** A choice input of a dynamic form group, as the API returns it. */
const formConfigRecord = () => ({
  id: 5,
  version: 2,
  createdAt: '2025-05-01T08:00:00.000Z',
  updatedAt: '2025-05-02T08:00:00.000Z',
  createdBy: 1,
  updatedBy: 1,
  category: 'product',
  groupCode: 'machine',
  code: 'voltage',
  enLabel: 'Voltage',
  zhLabel: '电压',
  type: 'select',
  options: volts,
  required: false,
  min: null,
  max: null,
  maxLength: null,
  sortNo: 20,
  filterable: true,
  status: 'enabled',
});

/** A marketplace API key, as the API returns it. */
const apiKeyRecord = () => ({
  id: 4,
  version: 1,
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
  createdBy: 1,
  updatedBy: 1,
  name: 'Marketplace',
  scopes: ['consults:write'],
  expiresAt: null,
  prefix: '0123456789ab',
  lastUsedAt: null,
  status: 'active',
});

function fixture(entity: Entity, stored: Record<string, unknown>): StoredRecord {
  const base =
    entity === 'company'
      ? companyRecord({ sendedEmail: false })
      : entity === 'vip_package'
        ? vipPackageRecord()
        : entity === 'banner'
          ? bannerRecord()
          : entity === 'dynamic_form_config'
            ? formConfigRecord()
            : entity === 'product'
              ? productRecord()
              : entity === 'api_key'
                ? apiKeyRecord()
                : entity === 'role'
                  ? roleRecord()
                  : { ...categoryRecord(13, 'Centrifugal pumps', '离心泵', 11), parentIdLabel: 'Pumps' };
  return { ...base, ...stored } as StoredRecord;
}

/** The fields the edit form may send, with their stored values: the body of a save that changes nothing. */
export function unchangedBody(entity: Entity, record: StoredRecord): Record<string, unknown> {
  const def = entities[entity]!;
  const body: Record<string, unknown> = { version: record.version };
  for (const g of formLayout(def, { mode: 'edit' }))
    for (const f of g.fields)
      if (!f.isDisabled) body[f.name] = f.isSecret || record[f.name] === undefined ? null : record[f.name];
  return body;
}

export function itemOf(entity: Entity, field: string): HTMLElement {
  const label = entities[entity]!.fields[field]!.label.en;
  const byLabel = screen.queryAllByText(label, { selector: 'label' });
  const element = byLabel[0] ?? document.getElementById(`${entity}-form_${field}`);
  const item = element?.closest('.ant-form-item');
  if (!item) throw new Error(`no form item for ${entity}.${field}`);
  return item as HTMLElement;
}

export async function openForm(entity: Entity, id: number) {
  const route = routeNamed(routeOf[entity]);
  const view = await renderPage(EntityFormPage, route, { url: route.fullPath.replace(':id', String(id)) });
  await waitFor(() => expect(document.querySelector('form.entity-form')).not.toBeNull());
  await waitFor(() =>
    expect(screen.queryAllByText(/Loading|…$/, { selector: '.ant-select *' })).toHaveLength(0),
  );
  return view;
}

/** At most this many cases share a form: a group stays well within a test's time on a busy machine. */
const MAX_GROUP = 7;

/** The fields a case reads or writes: two cases touching one field cannot share a form. */
const touched = (c: Case) => new Set([c.field, ...Object.keys(c.stored), ...Object.keys(c.sent)]);

/**
 * The cases in groups that share one opening of their entity's form: cases of one entity go together, seven at most,
 * unless they touch a common field (a country and the province it empties; a dynamic form group and its values).
 * Opening the company or product form is most of a case's time: a group checks its cases in two openings, not two
 * each.
 */
export const groups: { name: string; entity: Entity; kinds: string[] }[] = (() => {
  const out: { entity: Entity; kinds: string[]; fields: Set<string> }[] = [];
  for (const kind of Object.keys(cases).sort()) {
    const c = cases[kind]!;
    const fields = touched(c);
    const group = out.find(
      (g) => g.entity === c.entity && g.kinds.length < MAX_GROUP && ![...fields].some((f) => g.fields.has(f)),
    );
    if (group) {
      group.kinds.push(kind);
      for (const f of fields) group.fields.add(f);
    } else out.push({ entity: c.entity, kinds: [kind], fields });
  }
  return out.map(({ entity, kinds }) => ({ name: `${entity}: ${kinds.join(', ')}`, entity, kinds }));
})();

/** The groups of shard `n` of `of`: every group is in exactly one shard. */
export const groupsOfShard = (n: number, of: number) =>
  groups.filter((_, i) => i % of === n).map((g) => g.name);

/**
 * One group's round trip: the form shows each case's stored value; each control is changed and shows the change;
 * one save sends exactly the unchanged body with every case's change; the reopened form shows each saved value.
 */
export async function roundTrip(name: string) {
  const group = groups.find((g) => g.name === name);
  expect(group, `a round-trip group named ${name}`).toBeDefined();
  const { entity, kinds } = group!;
  const of = kinds.map((kind) => ({ kind, c: cases[kind]! }));
  signIn();
  const record = fixture(entity, Object.assign({}, ...of.map(({ c }) => c.stored)));
  const api = storingApi({
    [entity]: [record],
    ...(entity === 'company' ? { vip_package: [vipPackageRecord() as StoredRecord] } : {}),
  })
    .on('GET /api/region/list_all', () => ok(regions))
    .on('GET /api/vip_package/list', () => ok({ list: [vipPackageRecord()], total: 1, page: 1, size: 20 }))
    .on('GET /api/company_tag/list', () => ok({ list: [], total: 0, page: 1, size: 20 }))
    .on('GET /api/banner_position/list', () => ok({ list: [], total: 0, page: 1, size: 20 }))
    .on('GET /api/dictionary/:code/items', (call) => ok(productDictionaries[call.path.split('/')[3]!] ?? []))
    .on('GET /api/dynamic_form/groups/product', () => ok(productFormGroups))
    .on('GET /api/dynamic_form/group/product/:group', (call) =>
      ok(productFormInputs[call.path.split('/').pop()!] ?? []),
    )
    .on('GET /api/company/list', () => ok({ list: [companyRecord()], total: 1, page: 1, size: 20 }))
    .on('GET /api/product_tag/list', () => ok({ list: [], total: 0, page: 1, size: 20 }))
    .on('GET /api/product_category/list', () =>
      ok({ list: productCategories, total: productCategories.length, page: 1, size: 20 }),
    )
    .on('GET /api/product_category/tree', () =>
      ok({ list: productCategories.map((c) => ({ ...c, children: [] })), total: productCategories.length }),
    )
    .on('GET /api/role/permission_tree', () => ok(permissionTree))
    .on('GET /api/company_category/tree', () =>
      ok({
        list: [
          { ...categoryRecord(11, 'Pumps', '泵', null), children: [] },
          { ...categoryRecord(12, 'Valves', '阀门', null), children: [] },
          { ...categoryRecord(13, 'Centrifugal pumps', '离心泵', 11), children: [] },
        ],
        total: 3,
      }),
    );

  const first = await openForm(entity, record.id);
  for (const { kind, c } of of)
    await waitFor(() => expect(c.shows(itemOf(entity, c.field)), `${kind}: the stored value`).toBe(c.before));
  for (const { kind, c } of of) {
    await c.change(itemOf(entity, c.field));
    await waitFor(() => expect(c.shows(itemOf(entity, c.field)), `${kind}: the changed value`).toBe(c.after));
  }
  fireEvent.click(screen.getByRole('button', { name: /Save/ }));
  await waitFor(() => expect(api.callsTo('PUT', `/api/${entity}/${record.id}`)).toHaveLength(1));
  const sent = Object.assign({}, ...of.map(({ c }) => c.sent));
  expect(api.callsTo('PUT', `/api/${entity}/${record.id}`)[0]!.body).toEqual({
    ...unchangedBody(entity, record),
    ...sent,
  });
  first.unmount();

  // a fresh read: the store has the saved values and the reopened form shows them
  const saved = api.stored(entity, record.id)!;
  expect(saved.version).toBe(record.version + 1);
  for (const [name, value] of Object.entries(sent)) expect(saved[name], name).toEqual(value);
  await openForm(entity, record.id);
  for (const { kind, c } of of) {
    const reopened = c.reopened === undefined ? c.after : c.reopened;
    await waitFor(() => expect(c.shows(itemOf(entity, c.field)), `${kind}: the saved value`).toBe(reopened));
  }
}
