import { type EntityDef, entities } from '@organiser/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EntityFormPage } from '../entity-form-page';
import { bannerRecord } from '../test/banner-fixtures';
import { ok, renderPage, routeNamed, type StoredRecord, signIn, storingApi } from '../test/harness';

// A banner whose target URL belongs to the "Web page" target type only (a kind-dependent field), for the time
// of these tests: shown, required and checked only while that type is chosen, sent empty otherwise.
const original = entities.banner!;
beforeAll(() => {
  const fields: EntityDef['fields'] = {
    ...original.fields,
    targetUrl: {
      ...original.fields.targetUrl!,
      required: true,
      onlyWhen: { field: 'targetType', in: ['url'] },
    },
  };
  entities.banner = {
    ...original,
    fields,
    rules: original.rules.filter((r) => !(r.kind === 'requiredIf' && r.field === 'targetUrl')),
  };
});
afterAll(() => {
  entities.banner = original;
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const bannerEdit = routeNamed('BannerEdit');

const itemLabelled = (label: string) =>
  screen.queryAllByText(label, { selector: 'label' })[0]?.closest('.ant-form-item') as
    | HTMLElement
    | undefined;

async function chooseTargetType(option: string) {
  await userEvent.click(within(itemLabelled('Target type')!).getByRole('combobox'));
  const options = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  await userEvent.click(options[options.length - 1]!);
}

async function openBanner(stored: Record<string, unknown>) {
  signIn();
  const api = storingApi({ banner: [{ ...bannerRecord(), ...stored } as StoredRecord] }).on(
    'GET /api/banner_position/list',
    () => ok({ list: [], total: 0, page: 1, size: 20 }),
  );
  await renderPage(EntityFormPage, bannerEdit, { url: '/banner/banner_edit/7' });
  await waitFor(() => expect(document.querySelector('form.entity-form')).not.toBeNull());
  await waitFor(() => expect(itemLabelled('Target type')).toBeTruthy());
  return api;
}

const save = () => fireEvent.click(screen.getByRole('button', { name: /Save/ }));

describe('kind-dependent fields', { timeout: 60_000 }, () => {
  it('shows the field only for its kind, requires it then, and sends it', async () => {
    const api = await openBanner({ targetType: 'none', targetUrl: null, targetValue: null });
    expect(itemLabelled('Target URL')).toBeUndefined();
    await chooseTargetType('Web page');
    const item = await waitFor(() => itemLabelled('Target URL')!);
    expect(item.querySelector('.ant-form-item-required')).not.toBeNull();
    save();
    expect(await within(item).findByText('Target URL is required')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/banner/7')).toHaveLength(0);
    await userEvent.type(within(item).getByRole('textbox'), 'https://fair.example/spring');
    // Save ignores a second click within 3 s: move the clock past it
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 4_000);
    save();
    await waitFor(() => expect(api.callsTo('PUT', '/api/banner/7')).toHaveLength(1));
    clock.mockRestore();
    expect(api.callsTo('PUT', '/api/banner/7')[0]!.body).toMatchObject({
      targetType: 'url',
      targetUrl: 'https://fair.example/spring',
    });
  });

  it('hides the field when another kind is chosen and sends it empty, whatever was typed', async () => {
    const api = await openBanner({
      targetType: 'url',
      targetUrl: 'https://fair.example/old',
      targetValue: null,
    });
    const item = await waitFor(() => itemLabelled('Target URL')!);
    await userEvent.clear(within(item).getByRole('textbox'));
    await userEvent.type(within(item).getByRole('textbox'), 'https://fair.example/new');
    await chooseTargetType('No link');
    await waitFor(() => expect(itemLabelled('Target URL')).toBeUndefined());
    save();
    await waitFor(() => expect(api.callsTo('PUT', '/api/banner/7')).toHaveLength(1));
    const body = api.callsTo('PUT', '/api/banner/7')[0]!.body as Record<string, unknown>;
    expect(body.targetType).toBe('none');
    expect(body).toHaveProperty('targetUrl', null);
    expect(api.stored('banner', 7)!.targetUrl).toBeNull();
  });
});
