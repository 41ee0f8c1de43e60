import { describe, expect, it } from 'vitest';
import { filterRoutes, findRoute, flattenRoutes, layoutRoutes, matchPath, permissionGroups } from './index';

const all = flattenRoutes(layoutRoutes);

describe('route catalogue', () => {
  it('has unique names and unique full paths', () => {
    expect(new Set(all.map((r) => r.name)).size).toBe(all.length);
    expect(new Set(all.map((r) => r.fullPath)).size).toBe(all.length);
  });

  it('keeps the spec paths verbatim', () => {
    const paths = all.map((r) => r.fullPath);
    expect(paths).toContain('/banner/banner_list');
    expect(paths).toContain('/company/supplier/company_edit/:id');
    expect(paths).toContain('/user_vip_package/user_point_rule_editAll');
    expect(paths).toContain('/conduct_statistical/collect_company_list/:userId');
    expect(paths).toContain('/profile/Changepwd');
  });

  it('gives every hidden page of a group a parent list to highlight', () => {
    for (const r of flattenRoutes(permissionGroups)) {
      if (r.hidden && !r.isGroup) expect(r.activeMenu, r.name).toMatch(/^\//);
    }
  });

  it('matches concrete locations to patterns', () => {
    expect(matchPath('/banner/banner_edit/:id', '/banner/banner_edit/12')).toEqual({ id: '12' });
    expect(matchPath('/banner/banner_edit/:id', '/banner/banner_list')).toBeNull();
    expect(findRoute(all, '/company/supplier/company_edit/7')?.route.name).toBe('CompanyEdit');
  });
});

describe('menu visibility', () => {
  it('shows every group to root', () => {
    const visible = filterRoutes(permissionGroups, { roles: ['root'], permissions: [] });
    // groups whose pages are all hidden (customer service) stay routable; the sidebar leaves them out
    expect(visible.length).toBe(permissionGroups.length);
  });

  it('keeps only routes whose path matches a permission url, with the permission icon', () => {
    const visible = filterRoutes(permissionGroups, {
      roles: ['editor'],
      permissions: [{ url: '/banner/banner_list', icon: 'StarOutlined' }, { url: '/banner/banner_add' }],
    });
    expect(visible.map((g) => g.name)).toEqual(['Banner']);
    expect(visible[0]!.children!.map((c) => c.name)).toEqual(['BannerList', 'BannerAdd']);
    expect(visible[0]!.children![0]!.icon).toBe('StarOutlined');
  });

  it('drops menus hidden by the deployment and groups left empty', () => {
    const visible = filterRoutes(permissionGroups, {
      roles: ['root'],
      permissions: [],
      hiddenMenus: [
        'BannerList',
        'Banner positions',
        '新增横幅',
        'BannerEdit',
        'BannerPositionEdit',
        'BannerPositionAdd',
      ],
    });
    expect(visible.find((g) => g.name === 'Banner')).toBeUndefined();
  });

  it('honours a route roles list', () => {
    const groups = [{ ...permissionGroups[0]!, roles: ['marketing'] }];
    expect(
      filterRoutes(groups, { roles: ['editor'], permissions: [{ url: '/banner/banner_list' }] }),
    ).toEqual([]);
    expect(
      filterRoutes(groups, { roles: ['marketing'], permissions: [{ url: '/banner/banner_list' }] }),
    ).toHaveLength(1);
  });
});
