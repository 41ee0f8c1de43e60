import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToken, sessionStore, startSession } from '../state/session';
import { ok, refusal, stubApi } from '../test/fetch-stub';
import { ApiError, http, request, resetClientState, sessionEnd } from './client';

const toastTexts = () =>
  [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent ?? '');

beforeEach(() => {
  resetClientState();
  resetToken();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('HTTP client response rules', () => {
  it('sends the token and the language', async () => {
    const { calls } = stubApi({ '/api/user/get_login_menu': ok([]) });
    startSession('tok-123');
    await http.get('/user/get_login_menu');
    expect(calls[0]!.headers['X-Token']).toBe('tok-123');
    expect(calls[0]!.headers['Accept-Language']).toBe('en');
  });

  it('hands a body with success and content back as it is', async () => {
    stubApi({ '/api/banner/1': ok({ id: 1 }) });
    await expect(http.get('/banner/1')).resolves.toEqual({
      success: true,
      code: 20000,
      message: 'success',
      content: { id: 1 },
    });
  });

  it('hands a refusal that carries content back for the page to show, without a toast', async () => {
    stubApi({
      'POST /api/user/login': refusal(40010, 'The verification code is incorrect', 400, {
        field: 'checkCode',
      }),
    });
    const res = await request('/user/login', { method: 'POST', body: new FormData() });
    expect(res.success).toBe(false);
    expect(res.content).toEqual({ field: 'checkCode' });
    expect(toastTexts()).toEqual([]);
  });

  it('shows the server message for a refusal without content, and rejects', async () => {
    stubApi({ '/api/banner/1': refusal(40300, 'You do not have permission to do this', 403) });
    const error = await http.get('/banner/1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(40300);
    await waitFor(() => expect(toastTexts()).toContain('You do not have permission to do this'));
  });

  it('shows "Error" when the server gives no message', async () => {
    stubApi({ '/api/x': { status: 500, body: { success: false, code: 50000, message: '', content: null } } });
    await expect(http.get('/x')).rejects.toThrow('Error');
    await waitFor(() => expect(toastTexts()).toContain('Error'));
  });

  it('shows a network failure for 5 seconds and rejects', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(http.get('/x')).rejects.toBeInstanceOf(ApiError);
    await waitFor(() => expect(toastTexts()).toContain('Network error: the server could not be reached'));
  });

  it('401: one time-out dialog however many calls fail; confirming clears the token and reloads', async () => {
    const reload = vi.spyOn(sessionEnd, 'reload').mockImplementation(() => {});
    stubApi({ '/api/x': refusal(401, 'You have been logged out due to time-out, please log in again', 401) });
    startSession('tok-1');
    const results = await Promise.allSettled([http.get('/x'), http.get('/x'), http.get('/x')]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    const dialogs = await screen.findAllByRole('dialog');
    expect(dialogs).toHaveLength(1);
    expect(dialogs[0]!.textContent).toContain(
      'You have been logged out due to time-out, please log in again',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Log in again' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStore.get().token).toBeNull();
  });

  it('50012: one "Confirm logout" box with Re-Login and Cancel; Cancel stays signed in', async () => {
    const reload = vi.spyOn(sessionEnd, 'reload').mockImplementation(() => {});
    stubApi({ '/api/x': refusal(50012, 'Your account has logged in elsewhere', 401) });
    startSession('tok-2');
    await Promise.allSettled([http.get('/x'), http.get('/x')]);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Confirm logout');
    expect(dialog.textContent).toContain(
      'You have been logged out, you can cancel to stay on this page, or log in again',
    );
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStore.get().token).toBe('tok-2');
  });

  it.each([50008, 50014])('%i: Re-Login resets the token and reloads', async (code) => {
    const reload = vi.spyOn(sessionEnd, 'reload').mockImplementation(() => {});
    stubApi({ '/api/x': refusal(code, 'Illegal token, please log in again', 401) });
    startSession('tok-3');
    await expect(http.get('/x')).rejects.toBeInstanceOf(ApiError);
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Re-Login' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStore.get().token).toBeNull();
    expect(document.cookie).not.toContain('Admin-Token=tok-3');
  });
});
