import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InputNumber } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetClientState } from '../api/client';
import { queryClient } from '../app/query-client';
import { ThemedProviders } from '../app/themed-providers';
import { companyRecord } from '../engine/test/company-fixtures';
import { changeLanguage, i18n } from '../i18n/i18n';
import { resetToken, startSession } from '../state/session';
import { resetTags } from '../state/tags-view';
import { type Call, ok, stubApi } from '../test/fetch-stub';
import { renderApp, rootUser, sessionRoutes } from '../test/render-app';

// The console frame as a user meets it: Refresh on a tab, a language switch over data the server labels, the
// sidebar back to an open tab, layout settings after a reload, the anonymous home page, the audit queue.

beforeEach(async () => {
  resetClientState();
  resetToken();
  resetTags();
  queryClient.clear();
  localStorage.clear();
  await changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const page = (list: unknown[]) => ({ list, total: list.length, page: 1, size: 20, totalIsEstimate: false });
const pathOf = (call: Call) => new URL(call.url, 'http://localhost').pathname;
const queryOf = (call: Call) => new URL(call.url, 'http://localhost').searchParams;
const listCalls = (calls: Call[], path = '/api/company/list') => calls.filter((c) => pathOf(c) === path);

/** The company list as the server answers it: labels in the request's language, the name as now stored. */
function companyApi(state: { name: string } = { name: 'Acme Pumps Co., Ltd.' }) {
  return stubApi({
    ...sessionRoutes(rootUser, []),
    'GET /api/company/list': (init) => {
      const zh = (init?.headers as Record<string, string> | undefined)?.['Accept-Language'] === 'zh';
      return ok(
        page([
          companyRecord({
            name: state.name,
            categoryIdsLabels: [zh ? '水泵' : 'Pumps'],
            tagsLabels: [zh ? '金牌供应商' : 'Gold supplier'],
            vipPackageIdLabel: zh ? '黄金' : 'Gold',
          }),
        ]),
      );
    },
  });
}

const tabs = () => screen.getByRole('navigation', { name: 'Open pages' });
const table = () => screen.findByRole('table');

describe('tab menu Refresh', { timeout: 60_000 }, () => {
  it('reads the list again and keeps its query and what is typed in the keyword box', async () => {
    const stored = { name: 'Acme Pumps Co., Ltd.' };
    const { calls } = companyApi(stored);
    startSession('tok-refresh');
    const app = renderApp('/company/company_list?keyword=acme');
    expect(
      await within(await table()).findByText('Acme Pumps Co., Ltd.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(queryOf(listCalls(calls).at(-1)!).get('keyword')).toBe('acme');
    const keyword = screen.getByLabelText('Keyword') as HTMLInputElement;
    await userEvent.clear(keyword);
    await userEvent.type(keyword, 'pumps typed');
    const before = listCalls(calls).length;

    stored.name = 'Acme Pumps Renamed';
    fireEvent.contextMenu(within(tabs()).getByRole('button', { name: 'Company list' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Refresh' }));

    expect(await within(await table()).findByText('Acme Pumps Renamed')).toBeTruthy();
    expect(listCalls(calls).length).toBe(before + 1);
    expect(queryOf(listCalls(calls).at(-1)!).get('keyword')).toBe('acme');
    expect(app.location()).toBe('/company/company_list?keyword=acme');
    expect((screen.getByLabelText('Keyword') as HTMLInputElement).value).toBe('pumps typed');
  });
});

describe('language switch', { timeout: 60_000 }, () => {
  it('shows the labels the server gives in the new language without a reload, and back', async () => {
    const { calls } = companyApi();
    startSession('tok-lang');
    renderApp('/company/company_list');
    const list = await table();
    expect(await within(list).findByText('Pumps', {}, { timeout: 10_000 })).toBeTruthy();
    expect(within(list).getByText('Gold supplier')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '中文' }));

    expect(await within(await table()).findByText('水泵')).toBeTruthy();
    expect(within(await table()).getByText('金牌供应商')).toBeTruthy();
    expect(within(await table()).queryByText('Pumps')).toBeNull();
    const last = listCalls(calls).at(-1)!;
    expect(last.headers['Accept-Language']).toBe('zh');
    // the table's checkboxes are named in Chinese too (antd names them in English only)
    expect(within(await table()).getByRole('checkbox', { name: '选择本页所有行' })).toBeTruthy();
    expect(within(await table()).getByRole('checkbox', { name: '选择 Acme Pumps Co., Ltd.' })).toBeTruthy();

    // back to English: the English answer shows again
    await userEvent.click(screen.getByRole('button', { name: '语言：中文' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'English' }));
    expect(await within(await table()).findByText('Pumps')).toBeTruthy();
    expect(within(await table()).queryByText('水泵')).toBeNull();
  });
});

describe('sidebar and open tabs', { timeout: 60_000 }, () => {
  it('a menu entry of a page already open in a tab shows that tab as it was', async () => {
    companyApi();
    startSession('tok-sidebar');
    const app = renderApp('/company/company_list?keyword=acme');
    await within(await table()).findByText('Acme Pumps Co., Ltd.', {}, { timeout: 10_000 });
    await userEvent.click(within(tabs()).getByRole('button', { name: 'Dashboard' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard'));

    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    await userEvent.click(within(menu).getByText('Company list'));
    await waitFor(() => expect(app.location()).toBe('/company/company_list?keyword=acme'));
    expect((screen.getByLabelText('Keyword') as HTMLInputElement).value).toBe('acme');
  });
});

describe('layout settings', { timeout: 60_000 }, () => {
  it('are kept per account across a reload, and not applied to another account', async () => {
    stubApi(sessionRoutes(rootUser, []));
    startSession('tok-settings');
    const first = renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 10_000 });
    expect(screen.queryByRole('link', { name: 'Organiser Console' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Page style setting' }));
    await userEvent.click(await screen.findByRole('switch', { name: 'Show the logo in the sidebar' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Show tabs of open pages' }));
    expect(await screen.findByRole('link', { name: 'Organiser Console' })).toBeTruthy();
    first.unmount();

    // a reload: the page starts from the deployment's defaults, then the account's own choices
    resetTags();
    startSession('tok-settings-2');
    renderApp('/dashboard');
    expect(await screen.findByRole('link', { name: 'Organiser Console' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Open pages' })).toBeNull();
    expect(JSON.parse(localStorage.getItem('layoutSettings:admin') ?? '{}')).toEqual({
      sidebarLogo: true,
      tagsView: false,
    });
    cleanup();

    // another account on the same browser keeps the deployment's defaults
    vi.unstubAllGlobals();
    stubApi(sessionRoutes({ ...rootUser, account: 'someone-else' }, []));
    resetTags();
    startSession('tok-other');
    renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Open pages' }, { timeout: 10_000 });
    expect(screen.queryByRole('link', { name: 'Organiser Console' })).toBeNull();
  });
});

describe('texts antd gives in English only', () => {
  it('names the step buttons of number inputs in the console language', async () => {
    await changeLanguage('zh');
    render(
      <I18nextProvider i18n={i18n}>
        <ThemedProviders>
          <InputNumber aria-label="数量" />
        </ThemedProviders>
      </I18nextProvider>,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: '增加' })).toBeTruthy());
    expect(screen.getByRole('button', { name: '减少' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Increase Value|Decrease Value/ })).toBeNull();
    await changeLanguage('en');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Increase' })).toBeTruthy());
  });
});

describe('anonymous home page', () => {
  it('goes to the login page with the dashboard as where to return', async () => {
    stubApi({
      'GET /api/user/captcha': ok({ token: 'c', svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' }),
    });
    const app = renderApp('/');
    await waitFor(() => expect(app.location()).toBe('/login?redirect=%2Fdashboard'));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
  });
});

describe('company audit queue', { timeout: 60_000 }, () => {
  it('opens on "To audit" with the status beside the name; the filter can be cleared', async () => {
    const { calls } = stubApi({
      ...sessionRoutes(rootUser, []),
      'GET /api/company_audit/list': (init) => {
        void init;
        return ok(page([companyRecord({ auditStatus: 'pending' })]));
      },
    });
    startSession('tok-audit');
    const app = renderApp('/companyAudit/companyAudit_list');
    await within(await table()).findByText('Acme Pumps Co., Ltd.', {}, { timeout: 10_000 });
    await waitFor(() => expect(app.location()).toBe('/companyAudit/companyAudit_list?auditStatus=pending'));
    const audits = listCalls(calls, '/api/company_audit/list');
    // no request without the filter went out first
    expect(audits.map((c) => queryOf(c).get('auditStatus'))).toEqual(audits.map(() => 'pending'));
    const headers = within(await table())
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim())
      .filter(Boolean);
    expect(headers.slice(0, 3)).toEqual(['ID', 'Company name', 'Audit status']);

    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(app.location()).toBe('/companyAudit/companyAudit_list'));
    await waitFor(() =>
      expect(queryOf(listCalls(calls, '/api/company_audit/list').at(-1)!).has('auditStatus')).toBe(false),
    );
  });
});
