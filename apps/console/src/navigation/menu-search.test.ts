import { permissionGroups } from '@organiser/domain';
import { describe, expect, it } from 'vitest';
import { addPinyin, buildSearchPool, createMenuSearch, loadPinyin, searchLabel } from './menu-search';
import { buildVisibleRoutes } from './visible-routes';

const rootTree = buildVisibleRoutes({ roles: ['root'], permissions: [], hiddenMenus: [] }).tree;

describe('menu search pool', () => {
  it('labels results with their group and leaves hidden pages out', () => {
    const pool = buildSearchPool(rootTree, 'en');
    const labels = pool.map(searchLabel);
    expect(labels).toContain('Banner > Banner list');
    expect(labels).toContain('Banner');
    expect(labels).toContain('Dashboard');
    expect(pool.some((e) => e.path.includes(':'))).toBe(false);
    expect(labels.some((l) => l.includes('Edit banner'))).toBe(false);
    expect(labels).not.toContain('Profile');
    expect(labels).not.toContain('Icons');
  });

  it('only holds what the user may see', () => {
    const tree = buildVisibleRoutes({
      roles: ['editor'],
      permissions: [{ url: '/banner/banner_list' }],
      hiddenMenus: [],
    }).tree;
    expect(buildSearchPool(tree, 'en').map((e) => e.path)).toEqual([
      '/dashboard',
      '/banner',
      '/banner/banner_list',
    ]);
  });
});

describe('menu search ranking', () => {
  it('finds a page by its English title, best match first', () => {
    const search = createMenuSearch(buildSearchPool(rootTree, 'en'));
    expect(searchLabel(search('banner list')[0]!)).toBe('Banner > Banner list');
    expect(search('company tags')[0]!.path).toBe('/company/company_tag_list');
    expect(search('')).toEqual([]);
  });

  it('finds a page by its path', () => {
    const search = createMenuSearch(buildSearchPool(rootTree, 'en'));
    expect(search('company_tag_list')[0]!.path).toBe('/company/company_tag_list');
  });

  it('finds a page by the pinyin of any title segment in Chinese', async () => {
    const pinyin = await loadPinyin();
    expect(pinyin.full('横幅列表')).toBe('hengfuliebiao');
    const search = createMenuSearch(addPinyin(buildSearchPool(rootTree, 'zh'), pinyin));
    expect(searchLabel(search('hengfuliebiao')[0]!)).toBe('横幅管理 > 横幅列表');
    // the group segment has pinyin too, so "qiyeguanli" (企业管理) finds the group and its pages
    const group = search('qiyeguanli').map(searchLabel);
    expect(group.slice(0, 5)).toContain('企业管理');
    expect(group.slice(0, 5)).toContain('企业管理 > 企业列表');
    expect(searchLabel(search('hflb')[0]!)).toBe('横幅管理 > 横幅列表');
    expect(searchLabel(search('横幅列表')[0]!)).toBe('横幅管理 > 横幅列表');
  });

  it('without pinyin, Chinese titles do not match latin input', () => {
    const search = createMenuSearch(buildSearchPool(rootTree, 'zh'));
    expect(search('hengfuliebiao').map(searchLabel)).not.toContain('横幅管理 > 横幅列表');
  });

  it('covers every visible list page of the catalogue', () => {
    const pool = buildSearchPool(rootTree, 'en');
    const lists = permissionGroups.flatMap((g) => (g.children ?? []).filter((c) => !c.hidden));
    expect(pool.length).toBeGreaterThanOrEqual(lists.length);
  });
});
