import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, renderPage, routeNamed, signIn } from '../../engine/test/harness';
import { UserPointRuleEditAllPage } from './point-rules-page';

// The seven point rules on one screen: one call saves them all, and a refusal shows on the row it names.

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const RULES = [
  { id: 1, version: 1, action: 'post_lead', points: 20, maxTimesPerDay: 3, remark: null },
  { id: 2, version: 1, action: 'view_product', points: 1, maxTimesPerDay: 30, remark: null },
  { id: 3, version: 2, action: 'no_login', points: -5, maxTimesPerDay: 1, remark: null },
];

const list = () => ok({ list: RULES, total: RULES.length, page: 1, size: 50, totalIsEstimate: false });

describe('editing all point rules at once', { timeout: 60_000 }, () => {
  it('sends every rule in one call and shows each refusal on its row, in Chinese', async () => {
    signIn();
    const api = fakeApi()
      .on('GET /api/user_point_rule/list', list)
      .on('POST /api/user_point_rule/save_all', () => ({
        status: 400,
        body: {
          success: false,
          code: 40000,
          message: '部分字段无效',
          content: { errors: [{ path: 'rules.1.maxTimesPerDay', message: '每日上限次数不能小于 1' }] },
        },
      }));
    await renderPage(UserPointRuleEditAllPage, routeNamed('UserPointRuleEditAll'), {
      url: '/user_vip_package/user_point_rule_editAll',
      lang: 'zh',
    });
    const row = (await screen.findByText('浏览产品页')).closest('tr') as HTMLElement;
    const times = within(row).getByRole('spinbutton', { name: '每日上限次数' });
    await userEvent.clear(times);
    await userEvent.type(times, '0');
    await userEvent.click(screen.getByRole('button', { name: /保存全部规则/ }));
    expect(await within(row).findByText('每日上限次数不能小于 1')).toBeTruthy();
    const [sent] = api.callsTo('POST', '/api/user_point_rule/save_all');
    expect(sent!.body).toEqual({
      rules: RULES.map((r) => ({
        id: r.id,
        version: r.version,
        points: r.points,
        maxTimesPerDay: r.id === 2 ? 0 : r.maxTimesPerDay,
        remark: null,
      })),
    });
  });

  it('saves in English and reads the rules again', async () => {
    signIn();
    const api = fakeApi()
      .on('GET /api/user_point_rule/list', list)
      .on('POST /api/user_point_rule/save_all', () => ok({ saved: 1 }));
    await renderPage(UserPointRuleEditAllPage, routeNamed('UserPointRuleEditAll'), {
      url: '/user_vip_package/user_point_rule_editAll',
    });
    const row = (await screen.findByText('Post purchase lead')).closest('tr') as HTMLElement;
    const points = within(row).getByRole('spinbutton', { name: 'Points' });
    await userEvent.clear(points);
    await userEvent.type(points, '25');
    await userEvent.click(screen.getByRole('button', { name: /Save all rules/ }));
    expect(await screen.findByText('Point rules saved')).toBeTruthy();
    expect(api.callsTo('POST', '/api/user_point_rule/save_all')[0]!.body).toMatchObject({
      rules: [{ id: 1, points: 25 }, { id: 2 }, { id: 3 }],
    });
    await waitFor(() => expect(api.callsTo('GET', '/api/user_point_rule/list').length).toBeGreaterThan(1));
  });
});
