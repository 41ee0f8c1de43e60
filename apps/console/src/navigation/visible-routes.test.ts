import { describe, expect, it } from 'vitest';
import { buildVisibleRoutes, fillPath, resolveLocation } from './visible-routes';

const root = buildVisibleRoutes({ roles: ['root'], permissions: [], hiddenMenus: [] });
const editor = buildVisibleRoutes({
  roles: ['editor'],
  permissions: [
    { url: '/banner/banner_list', icon: 'StarOutlined' },
    { url: '/banner/banner_edit/:id' },
    { url: '/company/company_tag_list' },
  ],
  hiddenMenus: [],
});

const names = (v: typeof root) => v.flat.map((r) => r.name);

describe('menu visibility', () => {
  it('root sees every route', () => {
    expect(names(root)).toContain('SystemLogList');
    expect(names(root)).toContain('CompanyEdit');
  });

  it('others see the routes matching their permission urls, plus dashboard, profile and icons', () => {
    expect(names(editor)).toEqual([
      'Dashboard',
      'Banner',
      'BannerList',
      'BannerEdit',
      'Company',
      'CompanyTagList',
      'Profile',
      'ProfileIndex',
      'ChangePassword',
      'Icon',
      'IconIndex',
    ]);
  });

  it('a permission icon replaces the route icon', () => {
    expect(editor.flat.find((r) => r.name === 'BannerList')?.icon).toBe('StarOutlined');
    expect(root.flat.find((r) => r.name === 'BannerList')?.icon).toBeUndefined();
  });

  it('hides menus named by the deployment, by route name or by title in either language', () => {
    const v = buildVisibleRoutes({
      roles: ['root'],
      permissions: [],
      hiddenMenus: ['BannerList', '企业标签', 'Consults'],
    });
    expect(names(v)).not.toContain('BannerList');
    expect(names(v)).not.toContain('CompanyTagList');
    expect(names(v)).not.toContain('Consult');
    expect(names(v)).not.toContain('ConsultList');
    expect(names(v)).toContain('BannerPositionList');
  });

  it('drops a group left without a visible child', () => {
    const v = buildVisibleRoutes({
      roles: ['editor'],
      permissions: [{ url: '/consult/consult_list' }],
      hiddenMenus: ['Consult list'],
    });
    expect(names(v)).not.toContain('Consult');
  });
});

describe('what a location shows', () => {
  it('/ goes to the dashboard, a group to its first visible page', () => {
    expect(resolveLocation('/', editor)).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(resolveLocation('/company', editor)).toEqual({
      kind: 'redirect',
      to: '/company/company_tag_list',
    });
    expect(resolveLocation('/company', root)).toEqual({ kind: 'redirect', to: '/company/company_list' });
  });

  it('a permitted page opens with its parameters, history URLs exactly as the spec writes them', () => {
    const hit = resolveLocation('/banner/banner_edit/12', editor);
    expect(hit.kind).toBe('page');
    expect(hit.kind === 'page' && hit.route.name).toBe('BannerEdit');
    expect(hit.kind === 'page' && hit.params).toEqual({ id: '12' });
    const company = resolveLocation('/company/supplier/company_edit/12', root);
    expect(company.kind === 'page' && company.route.name).toBe('CompanyEdit');
    expect(resolveLocation('/profile/Changepwd', editor).kind).toBe('page');
  });

  it('a catalogue page the user may not see is a 401; an unknown path a 404', () => {
    expect(resolveLocation('/company/company_list', editor)).toEqual({ kind: 'forbidden' });
    expect(resolveLocation('/systemManage', editor)).toEqual({ kind: 'forbidden' });
    expect(resolveLocation('/no/such/page', editor)).toEqual({ kind: 'not-found' });
    expect(resolveLocation('/banner/banner_edit', editor)).toEqual({ kind: 'not-found' });
  });

  it('fills route parameters', () => {
    expect(fillPath('/banner/banner_edit/:id', { id: '3' })).toBe('/banner/banner_edit/3');
  });
});

describe('a supplier account’s menu', () => {
  // built in each test, once the console's texts are loaded (the menu is built after boot loads them)
  const supplierMenu = () =>
    buildVisibleRoutes({
      roles: ['supplier'],
      permissions: [
        { url: '/company' },
        { url: '/company/company_list' },
        { url: '/company/supplier/company_edit/:id' },
        { url: '/customer_service' },
        { url: '/customer_service/customer_service_edit/:id' },
      ],
      hiddenMenus: [],
      ownCompanyId: 7,
    });
  const visible = (v: ReturnType<typeof supplierMenu>) => v.flat.filter((r) => !r.hidden && !r.isGroup);

  it('names its own company and contacts as menu entries, the company list left out of the menu', () => {
    expect(visible(supplierMenu()).map((r) => [r.fullPath, r.title.en, r.title.zh])).toEqual([
      ['/dashboard', 'Dashboard', '首页'],
      ['/company/supplier/company_edit/7', 'My company', '我的企业'],
      ['/customer_service/customer_service_edit/7', 'Customer-service contacts', '客服联系人'],
    ]);
    expect(resolveLocation('/company', supplierMenu())).toEqual({
      kind: 'redirect',
      to: '/company/supplier/company_edit/7',
    });
  });

  it('still opens the catalogue routes with their parameters, lighting up its own entries', () => {
    const own = resolveLocation('/company/supplier/company_edit/7', supplierMenu());
    expect(own.kind === 'page' && own.route.name).toBe('CompanyEdit');
    expect(own.kind === 'page' && own.params).toEqual({ id: '7' });
    expect(own.kind === 'page' && own.route.activeMenu).toBe('/company/supplier/company_edit/7');
    const contacts = resolveLocation('/customer_service/customer_service_edit/7', supplierMenu());
    expect(contacts.kind === 'page' && contacts.route.name).toBe('CustomerServiceEdit');
    // reachable, though not in its menu (its one row; "back to the list" after an edit)
    expect(resolveLocation('/company/company_list', supplierMenu()).kind).toBe('page');
  });
});
