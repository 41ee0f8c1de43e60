import { SETTINGS } from '@organiser/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, fakeApi, ok, renderPage, routeNamed, signIn } from '../../engine/test/harness';
import { ConfigManagePage } from './config-manage-page';

// The configuration screen against an API that stores what it is sent the way the server does (an empty value
// goes back to the default) and records each change.

const route = routeNamed('ConfigManageIndex');

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function settingsApi() {
  const stored = new Map<string, unknown>();
  const history: Record<string, unknown>[] = [];
  const isEmpty = (v: unknown) =>
    v === null ||
    v === undefined ||
    v === '' ||
    (typeof v === 'object' && Object.values(v as object).every((x) => !x));
  const current = () => {
    const values: Record<string, unknown> = {};
    const effective: Record<string, unknown> = {};
    for (const def of SETTINGS) {
      values[def.key] = stored.get(def.key) ?? null;
      effective[def.key] = stored.get(def.key) ?? def.default;
    }
    return { values, effective, max: { 'uploads.imageMaxKb': 2048 } };
  };
  const api = fakeApi()
    .on('GET /api/setting/list', () => ok(current()))
    .on('GET /api/setting/history', () => ok({ list: history, total: history.length, page: 1, size: 50 }))
    .on('GET /api/config', () => ok({}))
    .on('PUT /api/setting', (call: Call) => {
      for (const [key, raw] of Object.entries((call.body as { values: Record<string, unknown> }).values)) {
        const value = isEmpty(raw) ? null : raw;
        const old = stored.get(key) ?? null;
        if (JSON.stringify(old) === JSON.stringify(value)) continue;
        if (value === null) stored.delete(key);
        else stored.set(key, value);
        history.unshift({
          id: history.length + 1,
          key,
          oldValue: old,
          newValue: value,
          changedBy: 1,
          changedByAccount: 'tester',
          changedAt: '2026-11-24T08:00:00.000Z',
        });
      }
      return ok(current());
    });
  return { api, stored };
}

describe('ConfigManagePage', { timeout: 60_000 }, () => {
  it('sets a boolean off and on, a value set and cleared, saves and reads them back', async () => {
    signIn();
    const { api, stored } = settingsApi();
    const first = await renderPage(ConfigManagePage, route, { url: '/configManage/config_manage' });
    const mail = await screen.findByRole('switch', {
      name: 'Mail suppliers about new purchase requirements',
    });
    await waitFor(() => expect(mail.getAttribute('aria-checked')).toBe('true'));
    const days = screen.getByLabelText('Point expiry (days)');
    const phone = screen.getByLabelText('Contact phone');

    // off, a value, saved
    await userEvent.click(mail);
    await userEvent.type(days, '30');
    await userEvent.type(phone, '+86 21 1234 5678');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Settings saved');
    expect(stored.get('mail.purchaseRequirementMail')).toBe(false);
    expect(stored.get('points.expiryDays')).toBe(30);
    expect(stored.get('site.contactPhone')).toBe('+86 21 1234 5678');
    const changes = await screen.findByRole('table', { name: 'Change history' });
    await within(changes).findByText('Point expiry (days)');

    // read back: a new visit shows what was saved
    first.unmount();
    await renderPage(ConfigManagePage, route, { url: '/configManage/config_manage' });
    const mailAgain = await screen.findByRole('switch', {
      name: 'Mail suppliers about new purchase requirements',
    });
    await waitFor(() =>
      expect((screen.getByLabelText('Point expiry (days)') as HTMLInputElement).value).toBe('30'),
    );
    expect(mailAgain.getAttribute('aria-checked')).toBe('false');
    expect((screen.getByLabelText('Contact phone') as HTMLInputElement).value).toBe('+86 21 1234 5678');

    // on again, the value cleared: back to its default
    await userEvent.click(mailAgain);
    await userEvent.clear(screen.getByLabelText('Point expiry (days)'));
    await userEvent.clear(screen.getByLabelText('Contact phone'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stored.get('mail.purchaseRequirementMail')).toBe(true));
    expect(stored.has('points.expiryDays')).toBe(false);
    expect(stored.has('site.contactPhone')).toBe(false);
    const sent = api.callsTo('PUT', '/api/setting').at(-1)!.body as { values: Record<string, unknown> };
    expect(sent.values['points.expiryDays']).toBeNull();
    await waitFor(() =>
      expect((screen.getByLabelText('Point expiry (days)') as HTMLInputElement).value).toBe(''),
    );
  });

  it('shows a refusal on its field, in the user’s language', async () => {
    signIn();
    fakeApi()
      .on('GET /api/setting/list', () => ok({ values: {}, effective: {}, max: {} }))
      .on('GET /api/setting/history', () => ok({ list: [], total: 0, page: 1, size: 50 }))
      .on('PUT /api/setting', () => ({
        status: 400,
        body: {
          success: false,
          code: 40000,
          message: '参数校验失败',
          content: { errors: [{ path: 'uploads.imageMaxKb', message: '图片上传上限（KB）：不能大于 8' }] },
        },
      }));
    await renderPage(ConfigManagePage, route, { url: '/configManage/config_manage', lang: 'zh' });
    await screen.findByText('上传');
    await userEvent.type(screen.getByLabelText('图片上传上限（KB）'), '9');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('图片上传上限（KB）：不能大于 8')).toBeTruthy();
  });
});

describe('ConfigManagePage as a form like the others', { timeout: 60_000 }, () => {
  const itemLabelled = (label: string) => {
    const item = screen.queryAllByText(label, { selector: 'label' })[0]?.closest('.ant-form-item');
    if (!item) throw new Error(`no field labelled ${label}`);
    return item as HTMLElement;
  };

  it('checks an email itself in the user’s language, never with the browser’s bubble', async () => {
    signIn();
    const { api } = settingsApi();
    await renderPage(ConfigManagePage, route, { url: '/configManage/config_manage', lang: 'zh' });
    const email = within(await waitFor(() => itemLabelled('联系邮箱'))).getByRole('textbox');
    expect(email.getAttribute('type')).toBe('text');
    await userEvent.type(email, 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入正确的邮箱')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/setting')).toHaveLength(0);
  });

  it('picks the default membership package from the packages, with a sticky Save, and guards unsaved changes', async () => {
    signIn();
    const { api, stored } = settingsApi();
    api.on('GET /api/vip_package/options', () => ok([{ id: 3, label: 'Gold' }]));
    api.on('GET /api/vip_package/list', () =>
      ok({ list: [{ id: 3, version: 1, enName: 'Gold', zhName: '金牌' }], total: 1, page: 1, size: 20 }),
    );
    await renderPage(ConfigManagePage, route, { url: '/configManage/config_manage' });
    const item = await waitFor(() => itemLabelled('Default membership package'));
    expect(within(item).queryByRole('spinbutton')).toBeNull();
    await userEvent.click(within(item).getByRole('combobox'));
    await userEvent.click(
      await screen.findByText('Gold', {
        selector: '.ant-select-item-option-content *, .ant-select-item-option-content',
      }),
    );
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.closest('.entity-form-actions')).not.toBeNull();
    await userEvent.click(save);
    await waitFor(() => expect(stored.get('membership.defaultPackageId')).toBe(3));
  });
});
