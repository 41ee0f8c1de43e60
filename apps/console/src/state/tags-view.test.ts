import { describe, expect, it } from 'vitest';
import { addView, closeAll, closeOthers, closeView, refreshView, type TagView, withAffix } from './tags-view';

const tab = (path: string, options: Partial<TagView> = {}): TagView => ({
  path,
  fullPath: path,
  name: path,
  title: { en: path, zh: path },
  affix: false,
  noCache: false,
  version: 0,
  ...options,
});

const dashboard = tab('/dashboard', { affix: true });
const banners = tab('/banner/banner_list');
const companies = tab('/company/company_list');
const edit3 = tab('/banner/banner_edit/3', { noCache: true });

describe('tags view', () => {
  it('pins the dashboard first, once', () => {
    const views = withAffix([banners], [dashboard]);
    expect(views.map((v) => v.path)).toEqual(['/dashboard', '/banner/banner_list']);
    expect(withAffix(views, [dashboard])).toBe(views);
  });

  it('adds a tab per path and updates the query of an open one', () => {
    let views = addView([dashboard], banners);
    views = addView(views, edit3);
    views = addView(views, tab('/banner/banner_edit/4'));
    expect(views.map((v) => v.path)).toEqual([
      '/dashboard',
      '/banner/banner_list',
      '/banner/banner_edit/3',
      '/banner/banner_edit/4',
    ]);
    const withQuery = addView(views, { ...banners, fullPath: '/banner/banner_list?page=3' });
    expect(withQuery).toHaveLength(4);
    expect(withQuery[1]!.fullPath).toBe('/banner/banner_list?page=3');
  });

  it('close: never closes the pinned tab; closing the current tab goes to the last tab', () => {
    const views = [dashboard, banners, companies, edit3];
    expect(closeView(views, '/dashboard', '/dashboard').views).toBe(views);
    const closedCurrent = closeView(views, '/banner/banner_list', '/banner/banner_list');
    expect(closedCurrent.views.map((v) => v.path)).toEqual([
      '/dashboard',
      '/company/company_list',
      '/banner/banner_edit/3',
    ]);
    expect(closedCurrent.navigate).toBe('/banner/banner_edit/3');
    const closedOther = closeView(views, '/company/company_list', '/banner/banner_list');
    expect(closedOther.navigate).toBeUndefined();
  });

  it('close others: keeps the pinned tab and the chosen one, and shows the chosen one', () => {
    const views = [dashboard, banners, companies, edit3];
    const outcome = closeOthers(views, '/company/company_list', '/banner/banner_list');
    expect(outcome.views.map((v) => v.path)).toEqual(['/dashboard', '/company/company_list']);
    expect(outcome.navigate).toBe('/company/company_list');
    expect(closeOthers(views, '/banner/banner_list', '/banner/banner_list').navigate).toBeUndefined();
  });

  it('close all from the pinned dashboard tab leaves no page without its tab (template bug fixed)', () => {
    const views = [dashboard, banners, companies];
    const outcome = closeAll(views, '/company/company_list');
    expect(outcome.views.map((v) => v.path)).toEqual(['/dashboard']);
    expect(outcome.navigate).toBe('/dashboard');
    expect(closeAll(views, '/dashboard').navigate).toBeUndefined();
  });

  it('refresh bumps the version of one tab only', () => {
    const views = refreshView([dashboard, banners], '/banner/banner_list');
    expect(views.map((v) => v.version)).toEqual([0, 1]);
  });
});
