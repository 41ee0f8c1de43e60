import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Providers, publicConfig } from '../../engine/test/harness';
import { changeLanguage } from '../../i18n/i18n';
import { formPageCompanions } from './form-pages';
import { PermissionTree } from './permission-tree';
import { checkStates, matchingIds, type TreeEntry, toggle } from './tree-model';

const menu = (id: number, parentId: number | null, en: string, zh: string, url: string): TreeEntry => ({
  id,
  parentId,
  type: 'menu',
  name: { en, zh },
  method: '',
  url,
});
const write = (
  id: number,
  parentId: number,
  en: string,
  zh: string,
  method: string,
  url: string,
): TreeEntry => ({
  id,
  parentId,
  type: 'resource',
  name: { en, zh },
  method,
  url,
});

const entries: TreeEntry[] = [
  menu(1, null, 'Banners', '广告管理', '/banner'),
  menu(2, 1, 'Banner list', '广告列表', '/banner/banner_list'),
  write(3, 2, 'Add a banner', '新增广告', 'POST', '/api/banner'),
  write(4, 2, 'Delete a banner', '删除广告', 'DELETE', '/api/banner/:id'),
  menu(5, null, 'Companies', '企业管理', '/company'),
  menu(6, 5, 'Company tags', '企业标签', '/company/company_tag_list'),
  { ...write(7, 6, 'Add a company tag', '新增企业标签', 'POST', '/api/company_tag'), grantable: false },
];

describe('permission tree model', () => {
  it('checking a menu grants it and the menus above it, not its writes', () => {
    expect([...toggle(entries, new Set(), 2)].sort()).toEqual([1, 2]);
  });

  it('shows a partly granted parent half-checked and a fully granted one checked', () => {
    const states = checkStates(entries, new Set([1, 2, 3]));
    expect(states.get(1)).toBe('half');
    expect(states.get(2)).toBe('half');
    expect(states.get(3)).toBe('checked');
    expect(checkStates(entries, new Set([1, 2, 3, 4])).get(1)).toBe('checked');
  });

  it('a click on a granted node, checked or half-checked, takes it and everything under it away', () => {
    expect([...toggle(entries, new Set([1, 2, 3, 4]), 2)].sort()).toEqual([1]);
    expect([...toggle(entries, new Set([1, 2, 3]), 2)].sort()).toEqual([1]);
    expect([...toggle(entries, new Set([1, 2, 3]), 1)].sort()).toEqual([]);
  });

  it('never adds what the caller may not grant', () => {
    expect([...toggle(entries, new Set(), 7)]).toEqual([]);
    expect([...toggle(entries, new Set([5, 6]), 7)].sort()).toEqual([5, 6]);
  });

  it('grants a write with its form page and takes the page away with it', () => {
    const withPage = [...entries, menu(8, 1, 'Add banner page', '新增广告页', '/banner/banner_add')];
    const companions = new Map([[3, [8]]]);
    const on = toggle(withPage, new Set([1, 2]), 3, companions);
    expect([...on].sort()).toEqual([1, 2, 3, 8]);
    expect([...toggle(withPage, on, 3, companions)].sort()).toEqual([1, 2]);
  });

  it('finds the add and edit pages of an entity write in the catalogue', () => {
    const catalogue: TreeEntry[] = [
      menu(1, null, 'Banner', '横幅管理', '/banner'),
      menu(2, 1, 'Banner list', '横幅列表', '/banner/banner_list'),
      menu(3, 1, 'Add banner', '新增横幅', '/banner/banner_add'),
      menu(4, 1, 'Edit banner', '编辑横幅', '/banner/banner_edit/:id'),
      write(5, 2, 'Add banner', '新增横幅', 'POST', '/api/banner'),
      write(6, 2, 'Edit banner', '编辑横幅', 'PUT', '/api/banner/:id'),
      write(7, 2, 'Delete banner', '删除横幅', 'DELETE', '/api/banner/:id'),
    ];
    const companions = formPageCompanions(catalogue);
    expect(companions.get(5)).toEqual([3]);
    expect(companions.get(6)).toEqual([4]);
    expect(companions.has(7)).toBe(false);
  });

  it('searches in both languages and by url, keeping the menus above the matches', () => {
    expect([...matchingIds(entries, '删除')!].sort()).toEqual([1, 2, 4]);
    expect([...matchingIds(entries, 'company tag')!].sort()).toEqual([5, 6, 7]);
    expect([...matchingIds(entries, '/api/banner')!].sort()).toEqual([1, 2, 3, 4]);
    expect(matchingIds(entries, '  ')).toBeNull();
  });
});

function Harness({ initial, onValue }: { initial: number[]; onValue: (ids: number[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <PermissionTree
      entries={entries}
      value={value}
      onChange={(ids) => {
        setValue(ids);
        onValue(ids);
      }}
    />
  );
}

async function renderTree(initial: number[], lang: 'en' | 'zh' = 'en') {
  await changeLanguage(lang);
  let last: number[] = initial;
  render(
    <Providers config={publicConfig()} lang={lang} queryClient={new QueryClient()}>
      <Harness initial={initial} onValue={(ids) => (last = ids)} />
    </Providers>,
  );
  return { value: () => [...last].sort((a, b) => a - b) };
}

const nodeOf = (title: string) => screen.getByText(title).closest('.ant-tree-treenode') as HTMLElement;
const boxOf = (title: string) => nodeOf(title).querySelector('.ant-tree-checkbox') as HTMLElement;

describe('PermissionTree', { timeout: 30_000 }, () => {
  it('checks a menu with its reads, shows its parent half-checked, then a write on its own', async () => {
    const tree = await renderTree([]);
    await userEvent.click(boxOf('Banner list'));
    expect(tree.value()).toEqual([1, 2]);
    await waitFor(() => expect(boxOf('Banners').className).toContain('ant-tree-checkbox-indeterminate'));
    // The writes are under the page: open it and check one.
    await userEvent.click(nodeOf('Banner list').querySelector('.ant-tree-switcher') as HTMLElement);
    await userEvent.click(boxOf('Add a banner'));
    expect(tree.value()).toEqual([1, 2, 3]);
    expect(boxOf('Add a banner').className).toContain('ant-tree-checkbox-checked');
    expect(boxOf('Delete a banner').className).not.toContain('ant-tree-checkbox-checked');
  });

  it('filters the tree by a Chinese or an English keyword', async () => {
    await renderTree([], 'zh');
    await userEvent.type(screen.getByRole('searchbox', { name: '搜索权限（中文或英文）' }), '标签');
    await waitFor(() => expect(screen.queryByText('广告管理')).toBeNull());
    expect(screen.getByText('企业标签')).toBeTruthy();
    expect(screen.getByText('新增企业标签')).toBeTruthy();
    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.type(screen.getByRole('searchbox'), 'delete');
    await waitFor(() => expect(screen.getByText('删除广告')).toBeTruthy());
    expect(screen.queryByText('企业管理')).toBeNull();
  });

  it('disables what the caller does not hold', async () => {
    await renderTree([]);
    await userEvent.click(nodeOf('Company tags').querySelector('.ant-tree-switcher') as HTMLElement);
    expect(boxOf('Add a company tag').className).toContain('ant-tree-checkbox-disabled');
  });
});
