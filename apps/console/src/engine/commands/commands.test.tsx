import { type CommandDef, entities } from '@organiser/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EntityListPage } from '../entity-list-page';
import { bannerRecord, listOf } from '../test/banner-fixtures';
import { fakeApi, ok, renderPage, routeNamed, signIn } from '../test/harness';

// The banner definition with declared commands and capabilities switched off, for the time of these tests.
const original = entities.banner!;
const notify: CommandDef = {
  label: { en: 'Notify', zh: '通知' },
  target: 'record',
  placement: ['row', 'form'],
  input: { message: { kind: 'text', label: { en: 'Message', zh: '消息' }, required: true, maxLength: 50 } },
  when: { field: 'status', in: ['enabled'] },
};
const mintCode: CommandDef = {
  label: { en: 'Mint code', zh: '生成代码' },
  target: 'record',
  placement: ['row'],
  answersResult: true,
  showResultOnce: true,
};
const remind: CommandDef = {
  label: { en: 'Remind', zh: '提醒' },
  target: 'record',
  placement: ['row'],
  input: { at: { kind: 'datetime', label: { en: 'Remind at', zh: '提醒时间' }, required: true } },
};
const archive: CommandDef = {
  label: { en: 'Archive', zh: '归档' },
  target: 'batch',
  placement: ['bulk'],
  danger: true,
};

beforeAll(() => {
  entities.banner = {
    ...original,
    commands: { notify, archive, mintCode, remind },
    capabilities: { ...original.capabilities, export: false, import: false },
  };
});
afterAll(() => {
  entities.banner = original;
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const bannerList = routeNamed('BannerList');

function bannerApi() {
  return fakeApi()
    .on('GET /api/banner/list', () =>
      ok(listOf([bannerRecord(), bannerRecord({ id: 8, title: 'Summer sale', status: 'disabled' })])),
    )
    .on('GET /api/banner_position/list', () => ok(listOf([])));
}

const rowActions = async (title: string) => {
  const row = (await screen.findByText(title)).closest('tr')!;
  return within(row).getByRole('group', { name: new RegExp(`Actions for ${title}`) });
};

/** Clicks a row's command: its button, or its entry under the row's More menu. */
async function clickRowCommand(title: string, label: string) {
  const actions = await rowActions(title);
  const button = within(actions).queryByRole('button', { name: label });
  if (button) return userEvent.click(button);
  await userEvent.click(within(actions).getByRole('button', { name: /More/ }));
  await userEvent.click(await screen.findByRole('menuitem', { name: label }));
}

describe('declared commands in the list', { timeout: 60_000 }, () => {
  it('offers a record command where its condition holds, asks for its input and sends it', async () => {
    signIn({
      roles: ['editor'],
      permissions: [
        { type: 'menu', url: '/banner/banner_list' },
        { type: 'resource', method: 'POST', url: '/api/banner/notify/:id' },
      ],
    });
    const api = bannerApi().on('POST /api/banner/notify/:id', () => ok({ sent: true }));
    await renderPage(EntityListPage, bannerList, { url: '/banner/banner_list' });
    // the disabled banner does not meet `when`: no button on its row
    expect(within(await rowActions('Summer sale')).queryByRole('button', { name: 'Notify' })).toBeNull();
    await userEvent.click(within(await rowActions('Spring fair')).getByRole('button', { name: 'Notify' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Notify' }));
    expect(await within(dialog).findByText('Message is required')).toBeTruthy();
    expect(api.callsTo('POST', '/api/banner/notify/7')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Message'), 'Hello');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Notify' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/banner/notify/7')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/banner/notify/7')[0]!.body).toEqual({ message: 'Hello' });
    // capabilities: no export, no import
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Import/ })).toBeNull();
  });

  it('shows the server’s refusal of an input on its field in the dialog', async () => {
    signIn();
    const api = bannerApi().on('POST /api/banner/notify/:id', () => ({
      status: 400,
      body: {
        success: false,
        code: 40000,
        message: 'Invalid input',
        content: { errors: [{ path: 'message', message: 'Message must be polite' }] },
      },
    }));
    await renderPage(EntityListPage, bannerList, { url: '/banner/banner_list' });
    await clickRowCommand('Spring fair', 'Notify');
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Message'), 'Rude');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Notify' }));
    expect(await within(dialog).findByText('Message must be polite')).toBeTruthy();
    expect(api.callsTo('POST', '/api/banner/notify/7')).toHaveLength(1);
    // the dialog stays open for a corrected value
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('sends a date and time input as the API’s string', async () => {
    signIn();
    const api = bannerApi().on('POST /api/banner/remind/:id', () => ok({ sent: true }));
    await renderPage(EntityListPage, bannerList, { url: '/banner/banner_list' });
    await clickRowCommand('Spring fair', 'Remind');
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('Remind at');
    await userEvent.click(input);
    await userEvent.type(input, '2030-01-02 10:00:00{enter}');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remind' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/banner/remind/7')).toHaveLength(1));
    const sent = api.callsTo('POST', '/api/banner/remind/7')[0]!.body as { at: string };
    expect(sent.at).toBe(new Date(2030, 0, 2, 10, 0, 0).toISOString());
  });

  it('hides a command the user holds no permission for, and runs a bulk command on the ticked ids', async () => {
    signIn({
      roles: ['editor'],
      permissions: [
        { type: 'menu', url: '/banner/banner_list' },
        { type: 'resource', method: 'POST', url: '/api/banner/archive' },
      ],
    });
    const api = bannerApi().on('POST /api/banner/archive', () => ok({ succeeded: [7], skipped: [] }));
    await renderPage(EntityListPage, bannerList, { url: '/banner/banner_list' });
    expect(within(await rowActions('Spring fair')).queryByRole('button', { name: 'Notify' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: /Spring fair/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Archive' }));
    // a dangerous command is confirmed first
    const dialog = await screen.findByRole('dialog');
    expect(api.callsTo('POST', '/api/banner/archive')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/banner/archive')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/banner/archive')[0]!.body).toEqual({ ids: [7] });
  });

  it('shows a secret the command made once, in a dialog to copy', async () => {
    signIn();
    bannerApi().on('POST /api/banner/mintCode/:id', () => ok({ code: 'secret-123', prefix: 'abc' }));
    await renderPage(EntityListPage, bannerList, { url: '/banner/banner_list' });
    await clickRowCommand('Spring fair', 'Mint code');
    const shown = await screen.findByTestId('result-once');
    expect(within(shown).getByText('secret-123')).toBeTruthy();
    expect(within(shown).getByText(/shown only this once/)).toBeTruthy();
  });
});
