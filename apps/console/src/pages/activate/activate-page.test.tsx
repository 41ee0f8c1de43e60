import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { ok, refusal, stubApi } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';

// The page an activation mail's link opens: public (no sign-in), it calls nothing until its button is pressed,
// then shows the account activated or the server's refusal, in the visitor's language.

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const TOKEN = 'a'.repeat(43);

describe('the activation page', () => {
  it('opens without a session and activates nothing until its button is pressed', async () => {
    const api = stubApi({ 'POST /api/user_manager/activate': ok({ account: 'buyer_7' }) });
    const app = renderApp(`/activate?token=${TOKEN}`);
    const button = await screen.findByRole('button', { name: 'Activate account' });
    expect(app.location()).toBe(`/activate?token=${TOKEN}`);
    expect(api.calls.filter((c) => c.url.includes('/user_manager/activate'))).toEqual([]);

    await userEvent.click(button);
    await screen.findByText('Account buyer_7 is activated.');
    const posted = api.calls.filter((c) => c.url.includes('/user_manager/activate'));
    expect(posted).toHaveLength(1);
    expect(posted[0]!.method).toBe('POST');
    expect(JSON.parse(String(posted[0]!.body))).toEqual({ token: TOKEN });
  });

  it('shows the refusal of a used or expired link, in Chinese', async () => {
    await i18n.changeLanguage('zh');
    stubApi({
      'POST /api/user_manager/activate': refusal(40001, '参数错误', 400, {
        errors: [{ path: 'token', message: '链接无效、已使用或已过期' }],
      }),
    });
    renderApp(`/activate?token=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: '激活账号' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('链接无效、已使用或已过期'));
  });
});
