import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { engineText } from '../../messages';
import { fakeApi, ok, Providers, publicConfig, signIn } from '../test/harness';
import { type ControlContext, renderValue, widgetSpec } from '.';
import type { CellContext } from './cells';

// The role's grants as a registered widget: a definition naming `permissionTree` gets the permission tree as its
// form control (loaded from the server with what the caller may grant) and the number of grants as its cell.

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const entry = (
  id: number,
  parentId: number | null,
  en: string,
  zh: string,
  over: Record<string, unknown> = {},
) => ({
  id,
  parentId,
  type: 'menu',
  icon: null,
  name: { en, zh },
  method: '',
  url: `/p${id}`,
  sortNo: id,
  status: 'enabled',
  builtIn: true,
  stale: false,
  roles: 0,
  grantable: true,
  ...over,
});

const tree = [
  entry(1, null, 'Banner', '横幅管理'),
  entry(2, 1, 'Banner list', '横幅列表'),
  entry(3, 2, 'Add banner', '新增横幅', { type: 'resource', method: 'POST', url: '/api/banner' }),
  entry(4, null, 'Company', '企业管理'),
  entry(5, 4, 'Company tags', '企业标签', { grantable: false }),
];

function Field({ initial, onValue }: { initial: number[]; onValue: (ids: number[]) => void }) {
  const [value, setValue] = useState<unknown>(initial);
  const context = {
    common: { id: 'permissionIds' },
    value,
    onChange: (next: unknown) => {
      setValue(next);
      onValue(next as number[]);
    },
  } as ControlContext;
  return <>{widgetSpec('permissionTree').control(context)}</>;
}

async function renderField(initial: number[], lang: 'en' | 'zh' = 'en') {
  await changeLanguage(lang);
  signIn();
  const api = fakeApi().on('GET /api/role/permission_tree', () => ok(tree));
  let last = initial;
  render(
    <Providers config={publicConfig()} lang={lang} queryClient={new QueryClient()}>
      <Field initial={initial} onValue={(ids) => (last = ids)} />
    </Providers>,
  );
  return { api, value: () => [...last].sort((a, b) => a - b) };
}

const nodeOf = (title: string) => screen.getByText(title).closest('.ant-tree-treenode') as HTMLElement;
const boxOf = (title: string) => nodeOf(title).querySelector('.ant-tree-checkbox') as HTMLElement;

describe('permissionTree widget', { timeout: 30_000 }, () => {
  it('loads the caller’s tree, shows the grants checked and changes them with a click', async () => {
    const field = await renderField([1, 2]);
    await screen.findByText('Banner list');
    expect(field.api.callsTo('GET', '/api/role/permission_tree')).toHaveLength(1);
    // granted with its reads, its write not yet: half-checked
    expect(boxOf('Banner list').className).toContain('ant-tree-checkbox-indeterminate');
    await userEvent.click(nodeOf('Banner list').querySelector('.ant-tree-switcher') as HTMLElement);
    await userEvent.click(boxOf('Add banner'));
    expect(field.value()).toEqual([1, 2, 3]);
    await waitFor(() => expect(boxOf('Banner list').className).toContain('ant-tree-checkbox-checked'));
    // taking the page away takes its write with it
    await userEvent.click(boxOf('Banner list'));
    await waitFor(() => expect(field.value()).toEqual([1]));
  });

  it('offers nothing the caller does not hold, in Chinese', async () => {
    await renderField([], 'zh');
    await screen.findByText('企业标签');
    expect(boxOf('企业标签').className).toContain('ant-tree-checkbox-disabled');
    expect(screen.getByRole('searchbox', { name: '搜索权限（中文或英文）' })).toBeTruthy();
  });

  it('shows a stored grant list as its number in both languages', async () => {
    for (const [lang, expected] of [
      ['en', '3 permissions'],
      ['zh', '3 项权限'],
    ] as const) {
      await changeLanguage(lang);
      const ctx = {
        lang,
        t: ((key, params) => engineText(lang, key, params)) as CellContext['t'],
        frameT: ((key: string) => key) as never,
        mode: 'cell' as const,
      };
      const { unmount } = render(
        renderValue(
          { name: 'permissionIds', kind: 'relationMany', widget: 'permissionTree' },
          [1, 2, 3],
          ctx,
        ),
      );
      expect(screen.getByText(expected)).toBeTruthy();
      unmount();
    }
  });
});
