import { siteChatConversation } from '@organiser/domain';
import { expect, login, test } from '../../fixtures';
import { apiCall, buttonName, createCompany, LOAD, uniqueToken } from '../suppliers/helpers';

// A buyer's chat message arrives through the marketplace API; the navbar's badge counts it at once, staff open the
// conversation (read: the badge drops, without a reload) and answer it; the Chinese pass opens the list and one
// conversation.

const replyCommand = siteChatConversation.commands.reply!;

test('staff answer a chat conversation and the badge drops (en), the list and a conversation in Chinese', async ({
  page,
  request,
  adminToken,
}) => {
  test.setTimeout(60_000);
  const token = uniqueToken('chat');
  const company = await createCompany(request, adminToken, {
    name: `${token} Ltd.`,
    account: token,
    password: 'Supplier2025',
  });
  await apiCall(request, adminToken, 'POST', `/company_audit/pass/${company.id}`, {});
  const buyer = await apiCall<{ id: number }>(request, adminToken, 'POST', '/user_manager', {
    account: `${token}_buyer`,
    password: 'Buyer12345',
    type: 'buyer',
  });
  const key = await apiCall<{ id: number }>(request, adminToken, 'POST', '/api_key', {
    name: `${token} key`,
    scopes: ['chat:write'],
    expiresAt: null,
  });
  const issued = await apiCall<{ key: string }>(request, adminToken, 'POST', `/api_key/issue/${key.id}`, {});

  await login(page, { lang: 'en', redirect: '/site_chat_message/site_chat_message_list' });
  const badge = page.getByTestId('badge-chat');
  await expect(badge).toBeVisible(LOAD);
  const before = Number(await badge.getAttribute('data-count'));

  // the buyer writes: the badge and the tab title count it without a reload
  const posted = await request.post('/api/open/v1/chat/messages', {
    headers: { authorization: `Bearer ${issued.key}`, 'idempotency-key': `${token}-1` },
    data: {
      userId: buyer.id,
      companyId: company.id,
      title: `${token} delivery`,
      content: `${token} can you ship 200 units?`,
    },
  });
  expect(posted.status(), await posted.text()).toBe(200);
  const conversationId = (await posted.json()).content.conversationId as number;
  await expect(badge).toHaveAttribute('data-count', String(before + 1), LOAD);
  await expect(page).toHaveTitle(/^\(\d+\) /);

  // staff open it (read: the badge drops) and answer
  await page.goto(`/site_chat_message/site_chat_message_edit/${conversationId}`);
  const thread = page.getByTestId('chat-thread');
  await expect(thread.getByText(`${token} can you ship 200 units?`)).toBeVisible(LOAD);
  await expect(badge).toHaveAttribute('data-count', String(before), LOAD);
  await page.getByRole('button', { name: buttonName(replyCommand.label.en) }).click();
  const dialog = page.getByRole('dialog');
  const answer = `${token} yes, by sea in 30 days`;
  await dialog.getByLabel(replyCommand.input!.content!.label.en).fill(answer);
  await dialog.locator('.ant-btn-primary').last().click();
  await expect(thread.getByText(answer)).toBeVisible(LOAD);

  // the Chinese pass: the list and one conversation
  await login(page, { lang: 'zh', redirect: `/site_chat_message/site_chat_message_list?keyword=${token}` });
  const row = page.locator('.ant-table-row').filter({ hasText: `${token} delivery` });
  await expect(row).toBeVisible(LOAD);
  await expect(page.getByTestId('chat-counts')).toContainText('只看未读');
  await page.goto(`/site_chat_message/site_chat_message_edit/${conversationId}`);
  await expect(page.getByTestId('chat-thread').getByText(answer)).toBeVisible(LOAD);
  await expect(page.getByTestId('chat-thread')).toContainText('平台');
});
