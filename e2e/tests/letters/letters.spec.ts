import { messages, siteMessage } from '@organiser/domain';
import type { Page } from '@playwright/test';
import { api, buttonName, expect, type Lang, login, test } from '../../fixtures';
import { apiCall, LOAD, rowOf, texts, uniqueToken } from '../suppliers/helpers';

// The demo supplier sends letters to its buyers from its letter list until its monthly siteLetterLimit refuses
// the next one (English); staff schedule a letter for a time to come and the list shows it scheduled (Chinese).

type Rec = { id: number; version: number };

const DEMO_SUPPLIER = { account: 'supplier', password: 'supplier123' };

async function rowAction(page: Page, rowText: string, label: string, lang: Lang) {
  const row = rowOf(page, rowText);
  const direct = row.getByRole('button', { name: buttonName(label) });
  if (await direct.count()) await direct.click();
  else {
    await row.getByRole('button', { name: buttonName(texts[lang]['list.more']) }).click();
    await page.getByRole('menuitem', { name: label }).click();
  }
}

const statusLabel = (value: string, lang: Lang) =>
  (
    siteMessage.fields.status as unknown as { options: { value: string; label: Record<Lang, string> }[] }
  ).options.find((o) => o.value === value)!.label[lang];

test('a supplier sends letters to its buyers until its monthly limit refuses one (en)', async ({
  page,
  request,
  adminToken,
}) => {
  test.setTimeout(60_000);
  const token = uniqueToken('letter');
  const supplierToken = await api(request, DEMO_SUPPLIER);
  const own = await apiCall<{ list: (Rec & { siteLetterLimit: number | null })[] }>(
    request,
    supplierToken,
    'GET',
    '/company/list?size=1',
  );
  const company = own.list[0]!;
  // room for exactly two more letters this month
  const usage = await apiCall<{ usage: Record<string, number> }>(
    request,
    adminToken,
    'GET',
    `/quota/usage/${company.id}`,
  );
  const current = await apiCall<Rec>(request, adminToken, 'GET', `/company/${company.id}`);
  await apiCall(request, adminToken, 'PUT', `/company/${company.id}`, {
    version: current.version,
    siteLetterLimit: (usage.usage.siteLetter ?? 0) + 2,
  });
  const titles = [1, 2, 3].map((i) => `${token} offer ${i}`);
  for (const title of titles)
    await apiCall(request, supplierToken, 'POST', '/site_message', {
      title,
      content: '<p>Our new catalogue is online.</p>',
      targetType: 'buyers',
    });

  await login(page, {
    lang: 'en',
    ...DEMO_SUPPLIER,
    redirect: `/site_message/site_message_list?keyword=${token}`,
  });
  const send = siteMessage.actions.send!.label.en;
  for (const title of titles.slice(0, 2)) {
    await expect(rowOf(page, title)).toBeVisible(LOAD);
    await rowAction(page, title, send, 'en');
    const dialog = page.getByRole('dialog').last();
    await dialog.getByRole('button', { name: buttonName(send) }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, title).locator('.ant-tag', { hasText: statusLabel('sent', 'en') })).toBeVisible(
      LOAD,
    );
  }
  await rowAction(page, titles[2]!, send, 'en');
  const dialog = page.getByRole('dialog').last();
  await dialog.getByRole('button', { name: buttonName(send) }).click();
  await expect(page.getByText(messages.en.upload.limitExceed).first()).toBeVisible(LOAD);
  await expect(
    rowOf(page, titles[2]!).locator('.ant-tag', { hasText: statusLabel('draft', 'en') }),
  ).toBeVisible();
});

test('staff schedule a letter for a time to come (zh)', async ({ page, request, adminToken }) => {
  test.setTimeout(60_000);
  const token = uniqueToken('sched');
  const title = `${token} 平台升级通知`;
  await apiCall<Rec>(request, adminToken, 'POST', '/site_message', {
    title,
    content: '<p>本周末系统升级。</p>',
    targetType: 'all',
  });
  await login(page, { lang: 'zh', redirect: `/site_message/site_message_list?keyword=${token}` });
  await expect(rowOf(page, title)).toBeVisible(LOAD);
  const schedule = siteMessage.commands.schedule!;
  await rowAction(page, title, schedule.label.zh, 'zh');
  const dialog = page.getByRole('dialog').last();
  const at = new Date(Date.now() + 3 * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const text = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} 10:00:00`;
  const input = dialog.getByLabel(schedule.input!.sendTime!.label.zh);
  await input.click();
  await input.fill(text);
  await input.press('Enter');
  await dialog.locator('.ant-btn-primary').last().click();
  await expect(dialog).toBeHidden(LOAD);
  await expect(
    rowOf(page, title).locator('.ant-tag', { hasText: statusLabel('scheduled', 'zh') }),
  ).toBeVisible(LOAD);
});
