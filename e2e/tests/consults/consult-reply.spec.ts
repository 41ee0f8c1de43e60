import { consult } from '@organiser/domain';
import { expect, login, test } from '../../fixtures';
import { solidPng } from '../engine/png';
import { apiCall, buttonName, createCompany, LOAD, uniqueToken } from '../suppliers/helpers';

// A buyer's consult arrives through the marketplace API; the supplier it was sent to answers it on the consult's
// screen with a text and an image, and staff then see the reply in the thread.

const replyCommand = consult.commands.reply!;

for (const lang of ['en', 'zh'] as const) {
  test(`a supplier replies to a consult with an image and staff see the reply (${lang})`, async ({
    page,
    browser,
    request,
    adminToken,
  }) => {
    test.setTimeout(240_000);
    const token = uniqueToken(`consult${lang}`);
    const password = 'Supplier2025';
    const company = await createCompany(request, adminToken, {
      name: `${token} Ltd.`,
      account: token,
      password,
    });
    await apiCall(request, adminToken, 'PUT', `/company/${company.id}`, {
      version: company.version,
      enableConsult: true,
    });
    await apiCall(request, adminToken, 'POST', `/company_audit/pass/${company.id}`, {});
    const buyer = await apiCall<{ id: number }>(request, adminToken, 'POST', '/user_manager', {
      account: `${token}_buyer`,
      password: 'Buyer12345',
      type: 'buyer',
    });
    const key = await apiCall<{ id: number }>(request, adminToken, 'POST', '/api_key', {
      name: `${token} key`,
      scopes: ['consults:write'],
      expiresAt: null,
    });
    const issued = await apiCall<{ key: string }>(
      request,
      adminToken,
      'POST',
      `/api_key/issue/${key.id}`,
      {},
    );
    const created = await request.post('/api/open/v1/consults', {
      headers: { authorization: `Bearer ${issued.key}`, 'idempotency-key': `${token}-1` },
      data: { userId: buyer.id, companyId: company.id, content: `${token} please quote 200 units` },
    });
    expect(created.status(), await created.text()).toBe(200);
    const consultId = (await created.json()).content.id as number;

    // the supplier answers on the consult's screen
    await login(page, { lang, account: token, password, redirect: `/consult/consult_edit/${consultId}` });
    await expect(
      page.getByRole('textbox', { name: consult.fields.content!.label[lang], exact: true }),
    ).toHaveValue(`${token} please quote 200 units`, LOAD);
    await page.getByRole('button', { name: buttonName(replyCommand.label[lang]) }).click();
    const dialog = page.getByRole('dialog');
    const answer = `${token} our price is 12 USD`;
    await dialog.getByLabel(replyCommand.input!.content!.label[lang]).fill(answer);
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'quote.png',
      mimeType: 'image/png',
      buffer: solidPng(64, 40, [22, 119, 255]),
    });
    await expect(dialog.locator('img')).toHaveCount(1, LOAD);
    await dialog.locator('.ant-btn-primary').last().click();
    const thread = page.getByTestId('consult-thread');
    await expect(thread.getByText(answer)).toBeVisible(LOAD);
    await expect(thread.locator('img')).toHaveCount(1);

    // staff see the reply and its image in the thread
    const staff = await browser.newPage();
    await login(staff, { lang, redirect: `/consult/consult_edit/${consultId}` });
    const staffThread = staff.getByTestId('consult-thread');
    await expect(staffThread.getByText(answer)).toBeVisible(LOAD);
    await expect(staffThread.locator('img')).toHaveCount(1);
    await staff.close();
  });
}
