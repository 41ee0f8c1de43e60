import { describe, expect, it } from 'vitest';
import { afterLoginPath, decideGuard, loginPath } from './guard';

const at = (pathname: string, search = '') => ({ pathname, search });

describe('route guard', () => {
  it('sends a signed-in user away from /login to /', () => {
    expect(decideGuard({ ...at('/login'), hasToken: true, isReady: true })).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(decideGuard({ ...at('/login', '?redirect=%2Fx'), hasToken: true, isReady: false })).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('sends a visitor without a token to /login with the full path and query to come back to', () => {
    const decision = decideGuard({
      ...at('/banner/banner_list', '?page=2&keyword=a b'),
      hasToken: false,
      isReady: false,
    });
    expect(decision.kind).toBe('redirect');
    const to = (decision as { to: string }).to;
    expect(to.startsWith('/login?redirect=')).toBe(true);
    expect(new URLSearchParams(to.split('?')[1]).get('redirect')).toBe(
      '/banner/banner_list?page=2&keyword=a b',
    );
  });

  it('lets a visitor without a token open the public pages only', () => {
    for (const path of ['/login', '/auth-redirect', '/404', '/401', '/redirect/dashboard']) {
      expect(decideGuard({ ...at(path), hasToken: false, isReady: false }), path).toEqual({ kind: 'allow' });
    }
    for (const path of ['/dashboard', '/profile/index', '/icon/index', '/company/supplier/company_edit/12']) {
      expect(decideGuard({ ...at(path), hasToken: false, isReady: false }).kind, path).toBe('redirect');
    }
  });

  it('loads user info and menu on the first route after login or reload, then allows', () => {
    expect(decideGuard({ ...at('/dashboard'), hasToken: true, isReady: false })).toEqual({ kind: 'load' });
    expect(decideGuard({ ...at('/dashboard'), hasToken: true, isReady: true })).toEqual({ kind: 'allow' });
  });

  it('builds the login link to the dashboard for the home page', () => {
    expect(loginPath('/')).toBe('/login?redirect=%2Fdashboard');
    expect(loginPath('')).toBe('/login?redirect=%2Fdashboard');
    expect(loginPath('/dashboard')).toBe('/login?redirect=%2Fdashboard');
  });

  it('returns after login to the redirect parameter with its query, or to /', () => {
    expect(afterLoginPath('?redirect=%2Fbanner%2Fbanner_list%3Fpage%3D2')).toBe('/banner/banner_list?page=2');
    expect(afterLoginPath('?redirect=/company/supplier/company_edit/12')).toBe(
      '/company/supplier/company_edit/12',
    );
    expect(afterLoginPath('')).toBe('/');
    expect(afterLoginPath('?redirect=https://evil.example')).toBe('/');
    expect(afterLoginPath('?redirect=//evil.example/x')).toBe('/');
    expect(afterLoginPath('?redirect=/login')).toBe('/');
  });
});
