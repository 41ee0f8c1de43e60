import { describe, expect, it } from 'vitest';
import { buildVisibleRoutes } from '../navigation/visible-routes';
import { buildCrumbs } from './breadcrumb-items';

const visible = buildVisibleRoutes({ roles: ['root'], permissions: [], hiddenMenus: [] });
const redirects = new Map(visible.tree.filter((n) => n.redirect).map((n) => [n.path, n.redirect!]));
const route = (name: string) => visible.flat.find((r) => r.name === name)!;

describe('breadcrumb', () => {
  it('starts at Dashboard, links the group to its first page, ends with the page as text', () => {
    expect(buildCrumbs(route('BannerPositionList'), visible.flat, 'en', redirects)).toEqual([
      { title: 'Dashboard', to: '/dashboard' },
      { title: 'Banner', to: '/banner/banner_list' },
      { title: 'Banner positions' },
    ]);
  });

  it('puts the list between the group and a hidden edit page', () => {
    expect(buildCrumbs(route('CompanyEdit'), visible.flat, 'zh', redirects)).toEqual([
      { title: '首页', to: '/dashboard' },
      { title: '企业管理', to: '/company/company_list' },
      { title: '企业列表', to: '/company/company_list' },
      { title: '编辑企业' },
    ]);
  });

  it('shows a group titled like its page once', () => {
    expect(buildCrumbs(route('ProfileIndex'), visible.flat, 'en', redirects)).toEqual([
      { title: 'Dashboard', to: '/dashboard' },
      { title: 'Profile' },
    ]);
  });

  it('is just Dashboard on the dashboard', () => {
    expect(buildCrumbs(route('Dashboard'), visible.flat, 'en', redirects)).toEqual([{ title: 'Dashboard' }]);
  });
});
