import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n/i18n';
import { resetToken, startSession } from '../state/session';
import { ok, stubApi } from '../test/fetch-stub';
import { http, request, resetClientState } from './client';
import { forgetInlinedAnswers, readInlinedAnswers } from './inlined-answers';

// The answers the server writes into a signed-in page: each taken once, at boot, for the session and language
// they were made for, and nothing answered from the page after boot.

/** Writes the element the server puts at the end of a signed-in page. */
function pageWith(answers: Record<string, unknown>, lang = 'en') {
  const element = document.createElement('script');
  element.id = 'inlined-answers';
  element.type = 'application/json';
  element.textContent = JSON.stringify({ lang, answers });
  document.body.append(element);
}

const MENU = { success: true, code: 20000, message: 'success', content: [{ id: 1, url: '/banner' }] };
const INFO = { success: true, code: 20000, message: 'success', content: { account: 'admin' } };

beforeEach(async () => {
  resetClientState();
  resetToken();
  await changeLanguage('en');
});

afterEach(() => {
  forgetInlinedAnswers();
  document.getElementById('inlined-answers')?.remove();
  vi.unstubAllGlobals();
});

describe('answers written into the page', () => {
  it('answers each call once from the page, by its method and URL, then asks the server', async () => {
    const { calls } = stubApi({
      '/api/user/get_login_menu': ok([{ id: 2, url: '/company' }]),
      'POST /api/user/get_current_user_info': ok({ account: 'from-server' }),
      '/api/dashboard': ok({ days: [] }),
    });
    startSession('tok-1');
    pageWith({
      'GET /api/user/get_login_menu': MENU,
      'POST /api/user/get_current_user_info': INFO,
      // the query in another order than the call's: the same call
      'GET /api/dashboard?periodTo=2026-11-07&periodFrom=2026-11-01': { ...MENU, content: { days: [1] } },
    });
    readInlinedAnswers('tok-1');
    expect(document.getElementById('inlined-answers')).toBeNull();
    await expect(http.get('/user/get_login_menu')).resolves.toEqual(MENU);
    await expect(request('/user/get_current_user_info', { method: 'POST' })).resolves.toEqual(INFO);
    await expect(
      http.get('/dashboard', { periodFrom: '2026-11-01', periodTo: '2026-11-07' }),
    ).resolves.toMatchObject({ content: { days: [1] } });
    expect(calls).toHaveLength(0);
    // a second call goes to the server
    await expect(http.get('/user/get_login_menu')).resolves.toMatchObject({ content: [{ id: 2 }] });
    expect(calls.map((c) => c.url)).toEqual(['/api/user/get_login_menu']);
  });

  it('never answers a call of another method, another query, a body, another session or another language', async () => {
    const { calls } = stubApi({
      'POST /api/user/get_login_menu': ok([]),
      '/api/user/get_login_menu': ok([]),
      'POST /api/user/get_current_user_info': ok({ account: 'from-server' }),
    });
    startSession('tok-1');
    pageWith({ 'GET /api/user/get_login_menu': MENU, 'POST /api/user/get_current_user_info': INFO });
    readInlinedAnswers('tok-1');
    await request('/user/get_login_menu', { method: 'POST' });
    await http.get('/user/get_login_menu', { page: 2 });
    await request('/user/get_current_user_info', { method: 'POST', body: { id: 1 } });
    expect(calls).toHaveLength(3);

    startSession('tok-2');
    await http.get('/user/get_login_menu');
    expect(calls).toHaveLength(4);

    startSession('tok-1');
    pageWith({ 'GET /api/user/get_login_menu': MENU }, 'zh');
    readInlinedAnswers('tok-1');
    await http.get('/user/get_login_menu');
    expect(calls).toHaveLength(5);
  });

  it('forgets what boot did not take', async () => {
    const { calls } = stubApi({ '/api/user/get_login_menu': ok([]) });
    startSession('tok-1');
    pageWith({ 'GET /api/user/get_login_menu': MENU });
    readInlinedAnswers('tok-1');
    forgetInlinedAnswers();
    await expect(http.get('/user/get_login_menu')).resolves.toMatchObject({ content: [] });
    expect(calls).toHaveLength(1);
  });

  it('ignores a page whose answers cannot be read', async () => {
    const { calls } = stubApi({ '/api/user/get_login_menu': ok([]) });
    startSession('tok-1');
    const element = document.createElement('script');
    element.id = 'inlined-answers';
    element.type = 'application/json';
    element.textContent = '{"lang":"en","answers":';
    document.body.append(element);
    readInlinedAnswers('tok-1');
    await http.get('/user/get_login_menu');
    expect(calls).toHaveLength(1);
  });
});
