import { searchKeywords, searchTop } from '@organiser/domain';
import { en } from '../../../apps/console/src/messages/en';
import { en as marketingEn, zh as marketingZh } from '../../../apps/console/src/pages/marketing/messages';
import { api, buttonName, expect, login, test } from '../../fixtures';
import { apiCall, LOAD, uniqueToken } from '../suppliers/helpers';

// The search history's top keywords: the marketplace reports a buyer's searches with an API key; staff open the
// top keywords, find the keyword, make it a hot word (completing its Chinese word in the dialog), and find it in
// the hot-word list with its searches of the last 30 days; the Chinese screen's tab and heading are checked.

test('staff make a searched keyword a hot word and find it in the hot-word list', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = uniqueToken('kw');
  const keyword = `lamp ${token}`.toLowerCase();
  const adminToken = await api(request);
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
        type: 'search',
        occurredAt: new Date(at + i * 1000).toISOString(),
        keyword,
        resultsCount: i,
        lang: 'en',
      })),
    },
  });
  expect(posted.status(), await posted.text()).toBe(200);

  await login(page, { lang: 'en', redirect: '/searchManage/search_history_list' });
  await page.getByRole('tab', { name: marketingEn['history.keywords'] }).click();
  await expect(page.getByRole('heading', { name: searchKeywords.labels.plural.en })).toBeVisible(LOAD);
  await page.getByRole('textbox', { name: en['list.keyword'] }).fill(token);
  await page.getByRole('button', { name: buttonName(en['list.search']) }).click();
  const row = page.locator('tr.ant-table-row', { hasText: keyword });
  await expect(row).toHaveCount(1, LOAD);
  await expect(row.getByRole('cell', { name: '3', exact: true }).first()).toBeVisible();

  await row
    .getByRole('button', { name: marketingEn['keywords.makeOf'].replace('{{word}}', keyword) })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByRole('textbox', { name: searchTop.commands.fromKeyword!.input!.enWord!.label.en }),
  ).toHaveValue(keyword);
  await dialog
    .getByRole('textbox', { name: searchTop.commands.fromKeyword!.input!.zhWord!.label.en })
    .fill(`台灯 ${token}`);
  await dialog.getByRole('button', { name: buttonName(searchTop.commands.fromKeyword!.label.en) }).click();
  await expect(row.getByText(marketingEn['keywords.already'])).toBeVisible(LOAD);

  // the hot-word list shows the new word with its searches of the last 30 days
  await page.goto(`/searchManage/search_top_list?keyword=${encodeURIComponent(token)}`);
  const hot = page.locator('tr.ant-table-row', { hasText: keyword });
  await expect(hot).toHaveCount(1, LOAD);
  await expect(hot.getByRole('cell', { name: '3', exact: true }).first()).toBeVisible();

  // the Chinese screen: its tab and the top keywords' heading
  await login(page, { lang: 'zh', redirect: '/searchManage/search_history_list' });
  await page.getByRole('tab', { name: marketingZh['history.keywords'] }).click();
  await expect(page.getByRole('heading', { name: searchKeywords.labels.plural.zh })).toBeVisible(LOAD);
});
