import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { companyRecord, regions } from '../../engine/test/company-fixtures';
import { fakeApi, ok, renderPage, routeNamed, signIn } from '../../engine/test/harness';
import { CompanyAuditPage } from './company-audit-page';

const auditRoute = routeNamed('CompanyAuditEdit');

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const at = (day: number) => `2025-05-0${day}T08:00:00.000Z`;
const change = (field: string, old: unknown, next: unknown) => ({ field, old, new: next });

const history = [
  {
    version: 4,
    action: 'pass',
    actorId: 1,
    actorAccount: 'auditor',
    at: at(4),
    changes: [change('auditStatus', 'pending', 'passed'), change('auditReason', 'Blurry logo', null)],
  },
  {
    version: 3,
    action: 'update',
    actorId: 5,
    actorAccount: 'acme',
    at: at(3),
    changes: [change('logo', 'a.png', 'b.png'), change('auditStatus', 'refused', 'pending')],
  },
  {
    version: 2,
    action: 'refuse',
    actorId: 1,
    actorAccount: 'auditor',
    at: at(2),
    changes: [change('auditStatus', 'pending', 'refused'), change('auditReason', null, 'Blurry logo')],
  },
  {
    version: 1,
    action: 'create',
    actorId: 1,
    actorAccount: 'admin',
    at: at(1),
    changes: [change('name', null, 'Acme'), change('auditStatus', null, 'pending')],
  },
];

function auditApi(record = companyRecord()) {
  return fakeApi()
    .on('GET /api/company_audit/1', () => ok(record))
    .on('GET /api/company_audit/1/history', () => ok(record.auditStatus === 'pending' ? [] : history))
    .on('GET /api/region/list_all', () => ok(regions))
    .on('POST /api/company_audit/refuse/1', (call) =>
      ok({ ...record, auditStatus: 'refused', ...(call.body as object) }),
    )
    .on('POST /api/company_audit/pass/1', () => ok({ ...record, auditStatus: 'passed' }));
}

describe('CompanyAuditPage', { timeout: 60_000 }, () => {
  it('refuses a pending company with a required reason, then goes back to the list', async () => {
    signIn();
    const api = auditApi();
    const { router } = await renderPage(CompanyAuditPage, auditRoute, {
      url: '/companyAudit/companyAudit_edit/1',
    });
    await screen.findByText('No decision has been taken yet');
    // the company read-only, its region by name
    expect(screen.getAllByText('Acme Pumps Co., Ltd.').length).toBeGreaterThan(0);
    expect(await screen.findByText('Guangdong / Shenzhen')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Pass' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(await within(dialog).findByText('Reason is required')).toBeTruthy();
    expect(api.callsTo('POST', '/api/company_audit/refuse/1')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Blurry logo');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/company_audit/refuse/1')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/company_audit/refuse/1')[0]!.body).toEqual({ reason: 'Blurry logo' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/companyAudit/companyAudit_list'));
  });

  it('passes a refused company directly after a confirmation (in Chinese)', async () => {
    signIn();
    const api = auditApi(
      companyRecord({
        auditStatus: 'refused',
        auditReason: 'Blurry logo',
        auditedBy: 'auditor',
        auditedAt: at(2),
      }),
    );
    const { router } = await renderPage(CompanyAuditPage, auditRoute, {
      url: '/companyAudit/companyAudit_edit/1',
      lang: 'zh',
    });
    // the status with a full-width colon after its label
    expect(await screen.findByText('审核状态：')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: /^通\s*过$/ }));
    // nothing is sent before the confirmation
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定审核通过“Acme Pumps Co., Ltd.”吗？')).toBeTruthy();
    expect(api.callsTo('POST', '/api/company_audit/pass/1')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: /^通\s*过$/ }));
    await waitFor(() => expect(api.callsTo('POST', '/api/company_audit/pass/1')).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/companyAudit/companyAudit_list'));
  });

  it('lists the decisions taken: who, the reason, a resubmission by an edit (in Chinese)', async () => {
    signIn();
    auditApi(companyRecord({ auditStatus: 'passed', auditedBy: 'auditor', auditedAt: at(4) }));
    await renderPage(CompanyAuditPage, auditRoute, { url: '/companyAudit/companyAudit_edit/1', lang: 'zh' });
    const decisions = (await screen.findByText('审核记录')).closest('.ant-card') as HTMLElement;
    await within(decisions).findByText('原因：Blurry logo');
    const items = decisions.querySelectorAll('.ant-timeline-item');
    // pass, the edit that resubmitted it, refuse; the creation is not a decision
    expect(items).toHaveLength(3);
    expect(items[0]!.textContent).toContain('通过');
    expect(items[1]!.textContent).toContain('修改后重新提交');
    expect(items[1]!.textContent).toContain('操作人：acme');
    expect(items[2]!.textContent).toContain('拒绝');
    expect(items[2]!.textContent).toContain('操作人：auditor');
    // a passed company has no decision left
    expect(screen.getByText('当前状态下无可执行的审核操作')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /通\s*过/ })).toBeNull();
  });
});
