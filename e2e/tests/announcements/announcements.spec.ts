import { announcement, type Lang } from '@organiser/domain';
import type { Page } from '@playwright/test';
import { buttonName, expect, login, test } from '../../fixtures';
import { apiCall, LOAD, rowOf, texts, uniqueToken } from '../suppliers/helpers';

// Staff publish an announcement; the marketplace reads it through its API; staff make it invalid on the
// announcement list and the marketplace no longer gets it. The Chinese list then shows it as invalid.

type Rec = { id: number; version: number };

async function rowAction(page: Page, rowText: string, label: string, lang: Lang) {
  const row = rowOf(page, rowText);
  const direct = row.getByRole('button', { name: buttonName(label) });
  if (await direct.count()) await direct.click();
  else {
    await row.getByRole('button', { name: buttonName(texts[lang]['list.more']) }).click();
    await page.getByRole('menuitem', { name: label }).click();
  }
}

test('staff invalidate a published announcement and the marketplace stops getting it', async ({
  page,
  browser,
  request,
  adminToken,
}) => {
  test.setTimeout(120_000);
  const token = uniqueToken('ann');
  const title = `${token} Spring fair`;
  await apiCall<Rec>(request, adminToken, 'POST', '/announcement', {
    title,
    target: 'all',
    publishTime: new Date(Date.now() - 60_000).toISOString(),
    content: '<p>Registration is open.</p>',
  });
  const key = await apiCall<{ id: number }>(request, adminToken, 'POST', '/api_key', {
    name: `${token} key`,
    scopes: ['announcements:read'],
    expiresAt: null,
  });
  const issued = await apiCall<{ key: string }>(request, adminToken, 'POST', `/api_key/issue/${key.id}`, {});
  const marketplaceTitles = async () => {
    const res = await request.get('/api/open/v1/announcements?size=50', {
      headers: { authorization: `Bearer ${issued.key}` },
    });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()).content.list as { title: string }[]).map((a) => a.title);
  };
  expect(await marketplaceTitles()).toContain(title);

  // in English, staff make it invalid
  await login(page, { lang: 'en', redirect: `/platformAnnouncement/announcement_list?keyword=${token}` });
  await expect(rowOf(page, title)).toBeVisible(LOAD);
  const invalidate = announcement.actions.invalidate!.label.en;
  await rowAction(page, title, invalidate, 'en');
  const dialog = page.getByRole('dialog').last();
  await dialog.getByRole('button', { name: buttonName(invalidate) }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, title).locator('.ant-tag', { hasText: 'Invalid' })).toBeVisible(LOAD);
  expect(await marketplaceTitles()).not.toContain(title);

  // in Chinese, the list shows it as invalid
  const zhPage = await (await browser.newContext()).newPage();
  await login(zhPage, { lang: 'zh', redirect: `/platformAnnouncement/announcement_list?keyword=${token}` });
  await expect(rowOf(zhPage, title).locator('.ant-tag', { hasText: '无效' })).toBeVisible(LOAD);
});
