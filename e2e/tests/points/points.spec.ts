import { POINT_ACTION_LABELS, userPointRule } from '@organiser/domain';
import { en as pointsEn, zh as pointsZh } from '../../../apps/console/src/pages/points/messages';
import { expect, login, test } from '../../fixtures';
import { apiCall, buttonName, createCompany, LOAD, uniqueToken } from '../suppliers/helpers';

// Point rules and a buyer's points: staff edit the point rules all at once (English), the rule list shows the new
// values in Chinese, then the marketplace posts a buyer's price request with an API key and the buyer's edit
// screen shows the points it earned and the membership level they reach (the demo levels: Silver from 200).

type Rule = { id: number; action: string; points: number; maxTimesPerDay: number };

test('staff edit all point rules; a buyer’s events move their points and level', async ({
  page,
  request,
  adminToken,
}) => {
  test.setTimeout(90_000);
  const token = uniqueToken('points');
  const request_price = POINT_ACTION_LABELS.request_price;

  // English: every rule on one screen, saved in one call
  await login(page, { lang: 'en', redirect: '/user_vip_package/user_point_rule_editAll' });
  const row = page.locator('tr.ant-table-row', { hasText: request_price.en });
  await expect(row).toBeVisible(LOAD);
  await row.getByRole('spinbutton', { name: pointsEn['rules.points'] }).fill('250');
  await row.getByRole('spinbutton', { name: pointsEn['rules.maxTimes'] }).fill('2');
  await page.getByRole('button', { name: buttonName(pointsEn['rules.save']) }).click();
  await expect(page.getByText(pointsEn['rules.saved'])).toBeVisible(LOAD);
  const rules = await apiCall<{ list: Rule[] }>(request, adminToken, 'GET', '/user_point_rule/list?size=50');
  expect(rules.list.find((r) => r.action === 'request_price')).toMatchObject({
    points: 250,
    maxTimesPerDay: 2,
  });

  // Chinese: the rule list shows the values saved
  await login(page, { lang: 'zh', redirect: '/user_vip_package/user_point_rule_list' });
  const zhRow = page.locator('tr.ant-table-row', { hasText: request_price.zh });
  await expect(zhRow).toContainText('250', LOAD);
  await expect(
    page.getByRole('columnheader', { name: userPointRule.fields.maxTimesPerDay!.label.zh }),
  ).toBeVisible();

  // the marketplace reports three price requests of a buyer in one day: the daily maximum (2) counts two
  const company = await createCompany(request, adminToken, { name: `${token} Ltd.`, account: token });
  const buyer = await apiCall<{ id: number }>(request, adminToken, 'POST', '/user_manager', {
    account: `${token}_buyer`,
    password: 'Buyer12345',
    type: 'buyer',
  });
  const key = await apiCall<{ id: number }>(request, adminToken, 'POST', '/api_key', {
    name: `${token} key`,
    scopes: ['events:write'],
    expiresAt: null,
  });
  const issued = await apiCall<{ key: string }>(request, adminToken, 'POST', `/api_key/issue/${key.id}`, {});
  const at = Date.now() - 60_000;
  const posted = await request.post('/api/open/v1/events', {
    headers: { authorization: `Bearer ${issued.key}`, 'idempotency-key': `${token}-events` },
    data: {
      events: [0, 1, 2].map((i) => ({
        eventId: `${token}-${i}`,
        type: 'request_price',
        occurredAt: new Date(at + i * 1000).toISOString(),
        userId: buyer.id,
        companyId: company.id,
      })),
    },
  });
  expect(posted.status(), await posted.text()).toBe(200);

  // the buyer's edit screen: 500 points, the Silver level, two ledger rows
  await login(page, { lang: 'zh', redirect: `/user/user_edit/${buyer.id}` });
  await expect(page.getByTestId('user-points')).toHaveText('500', LOAD);
  await expect(page.getByTestId('user-level')).toHaveText('白银会员');
  await expect(
    page.locator('.ant-card', { hasText: pointsZh['points.title'] }).locator('tr.ant-table-row'),
  ).toHaveCount(2);
});
