import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOGO_DATA_URI, LOGO_SVG } from '@organiser/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetClientState } from '../../api/client';
import { changeLanguage, i18n } from '../../i18n/i18n';
import { resetToken, sessionStore } from '../../state/session';
import { COOKIE, setCookie } from '../../state/storage';
import { ok, refusal, stubApi } from '../../test/fetch-stub';
import { renderApp, sessionRoutes, testConfig } from '../../test/render-app';

const CAPTCHA_SVG = '<svg xmlns="http://www.w3.org/2000/svg"></svg>';

const captcha = { 'GET /api/user/captcha': ok({ token: 'cap-1', svg: CAPTCHA_SVG }) };

/** Captchas numbered as they are asked for (`cap-1`, `cap-2`, …); the `held`th is kept back until `release()`. */
function numberedCaptchas(held?: number) {
  let asked = 0;
  let release = () => {};
  return {
    asked: () => asked,
    release: () => release(),
    route: {
      'GET /api/user/captcha': () => {
        asked += 1;
        const answer = ok({ token: `cap-${asked}`, svg: CAPTCHA_SVG });
        return asked === held
          ? new Promise<typeof answer>((resolve) => (release = () => resolve(answer)))
          : answer;
      },
    },
  };
}

/** Opens the login page once its captcha has come, and types the account, the password and the code. */
async function typeLogin(password: string, code: string) {
  renderApp('/login');
  const user = userEvent.setup();
  await screen.findByRole('img', { name: 'Verification code image' });
  await user.type(input('Account'), 'admin');
  await user.type(input('Password'), password);
  await user.type(input('Verification code'), code);
  return user;
}

/** What the login call was sent, per attempt. */
function loginCalls(answer: (body: FormData) => ReturnType<typeof ok> | ReturnType<typeof refusal>) {
  const sent: Record<string, string>[] = [];
  return {
    sent,
    route: {
      'POST /api/user/login': (init?: RequestInit) => {
        const body = init?.body as FormData;
        sent.push(Object.fromEntries([...body.entries()].map(([k, v]) => [k, String(v)])));
        return answer(body);
      },
    },
  };
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { selector: 'input' });

beforeEach(async () => {
  resetClientState();
  resetToken();
  await changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById('login-shell')?.remove();
  document.documentElement.removeAttribute('data-login-lang');
  document.documentElement.removeAttribute('data-login-lang-chosen');
});

/**
 * The static login form the server puts before #root (apps/api/src/plugins/login-shell.ts): what the console
 * reads of it is its id and the names of its inputs.
 */
function addLoginShell() {
  const shell = document.createElement('div');
  shell.id = 'login-shell';
  shell.innerHTML =
    '<form><input id="account" name="account"><input id="password" name="password" type="password">' +
    '<input id="checkCode" name="checkCode"></form>';
  document.body.append(shell);
  const field = (name: string) => shell.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  return { shell, field };
}

describe('login page', () => {
  it('shows each missing field on the field, sends nothing, and clears a message when the field changes', async () => {
    const calls = loginCalls(() => ok({ token: 'never' }));
    stubApi({ ...captcha, ...calls.route });
    renderApp('/login');
    const user = userEvent.setup();
    await screen.findByRole('img', { name: 'Verification code image' });
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    for (const [label, message] of [
      ['Account', 'Please enter your account'],
      ['Password', 'Please enter your password'],
      ['Verification code', 'Please enter the verification code'],
    ] as const) {
      const field = input(label);
      expect(field.getAttribute('aria-invalid'), label).toBe('true');
      const described = document.getElementById(field.getAttribute('aria-describedby') ?? '');
      expect(described?.textContent, label).toBe(message);
    }
    expect(document.activeElement).toBe(input('Account'));
    expect(calls.sent).toEqual([]);

    await user.type(input('Account'), 'admin');
    expect(input('Account').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Please enter your account')).toBeNull();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
  });

  it('puts a refusal on the field it names, or above the form when it names none, and asks a new captcha', async () => {
    const captchas = numberedCaptchas();
    const calls = loginCalls((body) =>
      body.get('password') === 'wrong'
        ? refusal(40011, 'Incorrect account or password', 400, { field: 'password' })
        : refusal(40301, 'This account is disabled', 403, {}),
    );
    stubApi({ ...captchas.route, ...calls.route });
    const user = await typeLogin('wrong', 'abcd{Enter}');

    await waitFor(() => expect(input('Password').getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('password-error')?.textContent).toBe('Incorrect account or password');
    expect(input('Verification code').value).toBe('');
    expect(calls.sent).toEqual([{ account: 'admin', password: 'wrong', checkCode: 'abcd', token: 'cap-1' }]);
    await waitFor(() => expect(captchas.asked()).toBe(2));

    await user.clear(input('Password'));
    await user.type(input('Password'), 'right');
    await user.type(input('Verification code'), 'efgh{Enter}');
    const alert = await screen.findByText('This account is disabled');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(input('Password').getAttribute('aria-invalid')).toBeNull();
    expect(calls.sent[1]).toEqual({ account: 'admin', password: 'right', checkCode: 'efgh', token: 'cap-2' });
    expect(sessionStore.get().token).toBeNull();
  });

  it('sends no second try with the used captcha: it waits for the new one', async () => {
    // the second captcha is held until the test lets it come
    const captchas = numberedCaptchas(2);
    const calls = loginCalls(() =>
      refusal(40012, 'The verification code is incorrect', 400, { field: 'checkCode' }),
    );
    stubApi({ ...captchas.route, ...calls.route });
    const user = await typeLogin('admin123', 'wrong{Enter}');
    await waitFor(() => expect(input('Verification code').getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(captchas.asked()).toBe(2));

    // typed and sent again before the new captcha has come: the used one is not sent, and no image is shown
    await user.type(input('Verification code'), 'right{Enter}');
    expect(calls.sent).toHaveLength(1);
    expect(screen.queryByRole('img', { name: 'Verification code image' })).toBeNull();
    expect(screen.getByRole('button', { name: /log in/i }).hasAttribute('disabled')).toBe(true);

    captchas.release();
    await screen.findByRole('img', { name: 'Verification code image' });
    await user.click(screen.getByRole('button', { name: /log in/i }));
    await waitFor(() => expect(calls.sent).toHaveLength(2));
    expect(calls.sent[1]).toMatchObject({ checkCode: 'right', token: 'cap-2' });
  });

  it('asks the SMS code when the server does, and sends it', async () => {
    const calls = loginCalls((body) =>
      body.get('smsCode') === '123456'
        ? ok({ token: 'tok-sms' })
        : refusal(40012, 'Please enter the SMS code', 400, { field: 'smsCode' }),
    );
    stubApi({ ...captcha, ...calls.route, ...sessionRoutes() });
    const app = renderApp('/login', { ...testConfig, login: { ...testConfig.login, smsSecondFactor: true } });
    const user = userEvent.setup();
    await screen.findByRole('img', { name: 'Verification code image' });
    expect(screen.queryByLabelText('SMS code')).toBeNull();
    await user.type(input('Account'), 'admin');
    await user.type(input('Password'), 'admin123');
    await user.type(input('Verification code'), 'abcd{Enter}');

    const sms = await screen.findByLabelText<HTMLInputElement>('SMS code', { selector: 'input' });
    expect(sms.getAttribute('aria-invalid')).toBe('true');
    await user.type(sms, '123456');
    await user.type(input('Verification code'), 'efgh{Enter}');
    await waitFor(() => expect(sessionStore.get().token).toBe('tok-sms'));
    expect(calls.sent[1]).toMatchObject({ smsCode: '123456', checkCode: 'efgh' });
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
  });

  it('shows the password on request and switches language in place', async () => {
    stubApi(captcha);
    renderApp('/login');
    const user = userEvent.setup();
    await screen.findByRole('img', { name: 'Verification code image' });
    const reveal = screen.getByRole('button', { name: 'Show password' });
    expect(input('Password').type).toBe('password');
    await user.click(reveal);
    expect(input('Password').type).toBe('text');
    expect(reveal.getAttribute('aria-pressed')).toBe('true');
    await user.click(reveal);
    expect(input('Password').type).toBe('password');

    const languages = screen.getByRole('group', { name: 'Language' });
    await user.click(within(languages).getByRole('button', { name: '中文' }));
    expect(await screen.findByText('切换语言成功')).toBeTruthy();
    expect(screen.getByLabelText('账号', { selector: 'input' })).toBeTruthy();
    expect(within(languages).getByRole('button', { name: '中文' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(document.title).toBe('登录 - 主办方管理后台'));
  });

  it("starts with what was typed into the server's static form before it mounted, and its focus", async () => {
    const calls = loginCalls(() =>
      refusal(40011, 'Incorrect account or password', 400, { field: 'password' }),
    );
    stubApi({ ...captcha, ...calls.route });
    const { field } = addLoginShell();
    const user = userEvent.setup();
    await user.type(field('account'), 'admin');
    await user.type(field('password'), 'admin123');

    renderApp('/login');
    await screen.findByRole('img', { name: 'Verification code image' });
    expect(document.getElementById('login-shell')).toBeNull();
    expect(input('Account').value).toBe('admin');
    expect(input('Password').value).toBe('admin123');
    expect(input('Verification code').value).toBe('');
    // typing goes on where it was
    expect(document.activeElement).toBe(input('Password'));
    await user.keyboard('4');
    await user.type(input('Verification code'), 'abcd{Enter}');
    await waitFor(() => expect(calls.sent).toHaveLength(1));
    expect(calls.sent[0]).toEqual({
      account: 'admin',
      password: 'admin1234',
      checkCode: 'abcd',
      token: 'cap-1',
    });
  });

  it("keeps and confirms a language clicked on the server's static form before the console had loaded", async () => {
    stubApi(captcha);
    addLoginShell();
    // what the static form's script does on a click: the cookie, the language shown, the mark of a click
    setCookie(COOKIE.language, 'zh');
    document.documentElement.dataset.loginLang = 'zh';
    document.documentElement.setAttribute('data-login-lang-chosen', '');

    renderApp('/login');
    expect(await screen.findByText('切换语言成功')).toBeTruthy();
    expect(screen.getByLabelText('账号', { exact: true })).toBeTruthy();
    expect(i18n.language).toBe('zh');
    expect(document.getElementById('login-shell')).toBeNull();
    expect(document.documentElement.hasAttribute('data-login-lang-chosen')).toBe(false);
  });

  it('says nothing about a language the static form only detected', async () => {
    stubApi(captcha);
    addLoginShell();
    document.documentElement.dataset.loginLang = 'en';
    renderApp('/login');
    await screen.findByRole('img', { name: 'Verification code image' });
    expect(screen.queryByText('Switch Language Success')).toBeNull();
  });

  it("takes over the static form's captcha and the refusal of its post, instead of asking again", async () => {
    const calls = loginCalls(() => ok({ token: 'session-1' }));
    const { fetchStub } = stubApi({ ...captcha, ...calls.route });
    const { shell } = addLoginShell();
    // what the server's page carries after a refused post: a captcha of its own and the message on its field
    shell
      .querySelector('form')!
      .insertAdjacentHTML(
        'beforeend',
        `<span class="login-captcha"><input type="hidden" name="token" value="page-cap"><img src="data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"><text>pg</text></svg>')}" alt=""></span>` +
          '<div class="login-error" data-login-error="checkCode"><span data-l="en">The verification code is incorrect</span><span data-l="zh">验证码不正确</span></div>',
      );
    document.documentElement.dataset.loginLang = 'en';
    renderApp('/login');
    const picture = await screen.findByRole('img', { name: 'Verification code image' });
    expect(decodeURIComponent(picture.getAttribute('src') ?? '')).toContain('<text>pg</text>');
    const code = input('Verification code');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(code.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'The verification code is incorrect',
    );
    const user = userEvent.setup();
    await user.type(input('Account'), 'admin');
    await user.type(input('Password'), 'admin123');
    await user.type(code, 'abcd{Enter}');
    await waitFor(() => expect(calls.sent).toHaveLength(1));
    expect(calls.sent[0]?.token).toBe('page-cap');
    // the login was the page's first call: no captcha was asked for
    expect(String(fetchStub.mock.calls[0]?.[0])).toMatch(/\/api\/user\/login$/);
  });

  it('leaves a static form posted before it mounted to the server: no second login, no new captcha', async () => {
    const calls = loginCalls(() => ok({ token: 'never' }));
    const { fetchStub } = stubApi({ ...captcha, ...calls.route });
    const { field } = addLoginShell();
    const user = userEvent.setup();
    await user.type(field('account'), 'admin');
    // what the static form's script does as the browser posts the form
    document.documentElement.setAttribute('data-login-submitted', '');
    try {
      renderApp('/login');
      await waitFor(() => expect(document.getElementById('login-shell')).toBeNull());
      const button = screen.getByRole('button', { name: 'Log in' });
      expect(button.getAttribute('aria-busy')).toBe('true');
      await user.type(input('Password'), '{Enter}');
      expect(calls.sent).toEqual([]);
      expect(fetchStub.mock.calls.some(([url]) => String(url).includes('/api/user/captcha'))).toBe(false);
    } finally {
      document.documentElement.removeAttribute('data-login-submitted');
    }
  });

  it('shows the mark from inside the page, the same picture as the tab icon', async () => {
    stubApi(captcha);
    renderApp('/login');
    const mark = document.querySelector<HTMLImageElement>('.login-brand img');
    expect(mark?.getAttribute('src')).toBe(LOGO_DATA_URI);
    const favicon = readFileSync(path.resolve(__dirname, '../../../public/favicon.svg'), 'utf8');
    expect(favicon.trim()).toBe(LOGO_SVG);
  });

  it('leaves no static form behind on a page other than the login page', async () => {
    stubApi(captcha);
    addLoginShell();
    renderApp('/404');
    await waitFor(() => expect(document.getElementById('login-shell')).toBeNull());
  });
});
