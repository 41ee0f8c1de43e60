import type { Bilingual, ColumnDescriptor } from '@organiser/domain';
import type { ColumnType } from 'antd/es/table';
import { type ReactNode, useMemo } from 'react';
import { ColumnSettingsButton, useColumnSettings } from '../engine';
import { useLang } from '../i18n/use-lang';

// Column settings for the lists that are not entity lists (roles, permissions, login security): the same
// button and the same remembered choice per user as the engine lists, over the page's own antd columns.

/** One column of such a list: its name (remembered in the settings), its label and its antd column. */
export type ListColumn<R> = { name: string; label: Bilingual; column: ColumnType<R> };

/**
 * The columns the user chose (all of them until the user picks), in the user's order, then the Actions column;
 * with the column settings button to put in the list's header.
 */
export function useListColumns<R>(list: string, columns: ListColumn<R>[], actions: ColumnType<R>) {
  const lang = useLang();
  const names = columns.map((c) => `${c.name}\u0000${c.label.en}\u0000${c.label.zh}`).join('\u0001');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the columns change only when their names or labels do
  const descriptors = useMemo<ColumnDescriptor[]>(
    () =>
      columns.map((c) => ({
        name: c.name,
        kind: 'text',
        label: c.label,
        isStatus: false,
        isComputed: false,
        isMultiple: false,
        isSortable: false,
        isShownByDefault: true,
      })),
    [names],
  );
  const settings = useColumnSettings(list, descriptors);
  const byName = new Map(columns.map((c) => [c.name, c]));
  const shown = settings.shown.flatMap((d) => {
    const c = byName.get(d.name);
    return c ? [{ ...c.column, key: d.name, title: c.label[lang] }] : [];
  });
  const button: ReactNode = (
    <ColumnSettingsButton
      arranged={settings.arranged}
      labelOf={(name) => byName.get(name)?.label[lang] ?? name}
      onChange={settings.save}
      onReset={settings.reset}
    />
  );
  return { columns: [...shown, actions], button };
}
