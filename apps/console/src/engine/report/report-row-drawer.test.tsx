import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, fakeApi, ok, renderPage, routeNamed, signIn } from '../test/harness';
import { ReportPage } from './report-page';
import { prettyJson } from './report-row-drawer';

// A report declared with `detail` (the system log): a keyword in the request, and each row's drawer with every
// field, the JSON arguments pretty-printed.

const systemLog = routeNamed('SystemLogList');

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const row = {
  logId: 7,
  account: 'admin',
  companyId: null,
  url: '/api/user/login',
  method: 'POST',
  ip: '127.0.0.1',
  requestArgs: JSON.stringify({ body: { account: 'admin', password: '[redacted]' } }),
  responseArgs: JSON.stringify({ success: true }),
  success: true,
  statusCode: 200,
  errorMessage: null,
  durationMs: 12,
  loggedAt: '2026-11-24T08:00:00.000Z',
  drill: {},
};

describe('report row drawer', { timeout: 60_000 }, () => {
  it('pretty-prints JSON objects and lists, and leaves other text alone', () => {
    expect(prettyJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJson('[1]')).toBe('[\n  1\n]');
    expect(prettyJson('plain')).toBeUndefined();
    expect(prettyJson('{broken')).toBeUndefined();
  });

  it('sends the keyword and opens a row with its arguments pretty-printed', async () => {
    signIn();
    const api = fakeApi().on('GET /api/system_log/list', (call: Call) =>
      ok({ list: [row], total: 1, page: Number(call.query.get('page')), size: 20 }),
    );
    await renderPage(ReportPage, systemLog, { url: '/systemManage/system_log_list?keyword=login' });
    const table = await screen.findByRole('table', { name: 'System logs rows' });
    await within(table).findByText('/api/user/login');
    expect(api.callsTo('GET', '/api/system_log/list').at(-1)!.query.get('keyword')).toBe('login');
    // the arguments are hidden columns of the table
    expect(within(table).queryByText(/redacted/)).toBeNull();
    await userEvent.click(within(table).getByRole('button', { name: 'Details of /api/user/login' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Request arguments')).toBeTruthy();
    const pre = drawer.querySelector('pre.report-json');
    expect(pre?.textContent).toBe(JSON.stringify(JSON.parse(row.requestArgs), null, 2));
  });
});
