import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { companyRecord, regions, vipPackageRecord } from '../test/company-fixtures';
import { ok, type StoredRecord, signIn, storingApi } from '../test/harness';
import { choose, itemOf, openForm, selected, switchState, unchangedBody } from '../test/round-trip-cases';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('flags stored on can be turned off', { timeout: 120_000 }, () => {
  it('a membership package: every switch shows on, is turned off, and is saved off', async () => {
    signIn();
    const flags = ['enableConsult', 'enableCustomerService', 'companyBackgroundStandout'];
    const record = vipPackageRecord(Object.fromEntries(flags.map((f) => [f, true]))) as StoredRecord;
    const api = storingApi({ vip_package: [record] });
    const first = await openForm('vip_package', record.id);
    for (const f of flags) await waitFor(() => expect(switchState(itemOf('vip_package', f))).toBe('true'));
    for (const f of flags) await userEvent.click(within(itemOf('vip_package', f)).getByRole('switch'));
    for (const f of flags) expect(switchState(itemOf('vip_package', f))).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/vip_package/2')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/vip_package/2')[0]!.body).toEqual({
      ...unchangedBody('vip_package', record),
      enableConsult: false,
      enableCustomerService: false,
      companyBackgroundStandout: false,
    });
    first.unmount();
    for (const f of flags) expect(api.stored('vip_package', 2)![f]).toBe(false);
    await openForm('vip_package', record.id);
    for (const f of flags) await waitFor(() => expect(switchState(itemOf('vip_package', f))).toBe('false'));
  });

  it('a company: its own flag and its inherited flags set to yes are saved as no', async () => {
    signIn();
    const inherited = ['enableConsult', 'enableCustomerService', 'companyBackgroundStandout'];
    const record = companyRecord({
      sendedEmail: true,
      ...Object.fromEntries(inherited.map((f) => [f, true])),
    }) as StoredRecord;
    const api = storingApi({ company: [record], vip_package: [vipPackageRecord() as StoredRecord] })
      .on('GET /api/region/list_all', () => ok(regions))
      .on('GET /api/company_category/tree', () => ok({ list: [], total: 0 }));
    const first = await openForm('company', 1);
    await waitFor(() => expect(switchState(itemOf('company', 'sendedEmail'))).toBe('true'));
    for (const f of inherited) expect(selected(itemOf('company', f))).toBe('Yes');
    await userEvent.click(within(itemOf('company', 'sendedEmail')).getByRole('switch'));
    for (const f of inherited) await choose(itemOf('company', f), 'No');
    expect(switchState(itemOf('company', 'sendedEmail'))).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/company/1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/company/1')[0]!.body).toEqual({
      ...unchangedBody('company', record),
      sendedEmail: false,
      enableConsult: false,
      enableCustomerService: false,
      companyBackgroundStandout: false,
    });
    first.unmount();
    const saved = api.stored('company', 1)!;
    for (const f of ['sendedEmail', ...inherited]) expect(saved[f]).toBe(false);
    await openForm('company', 1);
    await waitFor(() => expect(switchState(itemOf('company', 'sendedEmail'))).toBe('false'));
    for (const f of inherited) expect(selected(itemOf('company', f))).toBe('No');
  });
});
