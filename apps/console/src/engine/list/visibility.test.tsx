import { entities, listColumns } from '@organiser/domain';
import { render } from '@testing-library/react';
import type { TFunction } from 'i18next';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { type EngineT, engineText } from '../../messages';
import { bannerRecord } from '../test/banner-fixtures';
import type { CellContext } from '../widget-registry/cells';
import { tableColumns } from './table-columns';

// A banner is moved by two machines (enabled / disabled, online / offline); its list shows one state, what a
// visitor sees, in the user's language.

function columnsIn(lang: 'en' | 'zh') {
  const def = entities.banner!;
  const t: EngineT = (key, params) => engineText(lang, key, params);
  return tableColumns({
    shown: listColumns(def),
    labelOf: (name) => def.fields[name]?.label[lang] ?? name,
    sorted: null,
    isTrash: false,
    hasSelection: false,
    cellContext: () =>
      ({ lang, t, mode: 'cell', frameT: ((k: string) => k) as unknown as TFunction }) as CellContext,
    rowActions: () => [],
    rowLabel: () => 'banner',
    t,
    frameT: ((k: string) => k) as unknown as TFunction,
  }).columns as { key: string; title: unknown; render?: (v: unknown, r: unknown, i: number) => unknown }[];
}

const stateOf = (lang: 'en' | 'zh', status: string, displayStatus: string) => {
  const column = columnsIn(lang).find((c) => c.key === 'status')!;
  const view = render(column.render!(status, bannerRecord({ status, displayStatus }), 0) as ReactElement);
  const text = view.container.textContent;
  view.unmount();
  return text;
};

describe('the status of a record with an enable and an online machine', () => {
  it('is one column, not two', () => {
    const keys = columnsIn('en').map((c) => c.key);
    expect(keys).toContain('status');
    expect(keys).not.toContain('displayStatus');
    expect(columnsIn('en').find((c) => c.key === 'status')!.title).toBe('Status');
  });

  it.each([
    ['enabled', 'online', 'Online', '上线'],
    ['enabled', 'offline', 'Offline', '下线'],
    ['disabled', 'offline', 'Disabled', '禁用'],
    // a disabled record is not shown, whatever its online state: one state, not two
    ['disabled', 'online', 'Disabled', '禁用'],
  ])('%s + %s reads "%s" / "%s"', (status, displayStatus, en, zh) => {
    expect(stateOf('en', status, displayStatus)).toBe(en);
    expect(stateOf('zh', status, displayStatus)).toBe(zh);
  });
});
