import type { ColumnDescriptor } from '@organiser/domain';
import { useMemo, useState } from 'react';
import { useSession } from '../../state/session';
import {
  type ArrangedColumn,
  arrangeColumns,
  columnSettingsKey,
  readColumnSettings,
  settingsOf,
  writeColumnSettings,
} from './column-settings';

/** The signed-in user's column settings for one entity: arranged columns, the shown ones, save and reset. */
export function useColumnSettings(entity: string, columns: ColumnDescriptor[]) {
  const account = useSession((s) => s.user?.account ?? '');
  const key = columnSettingsKey(account, entity);
  const [settings, setSettings] = useState(() => readColumnSettings(key));
  const arranged = useMemo(() => arrangeColumns(columns, settings), [columns, settings]);
  const shown = useMemo(() => arranged.filter((a) => a.isShown).map((a) => a.column), [arranged]);
  return {
    arranged,
    shown,
    save: (next: ArrangedColumn[]) => {
      const value = settingsOf(next);
      writeColumnSettings(key, value);
      setSettings(value);
    },
    reset: () => {
      writeColumnSettings(key, null);
      setSettings(null);
    },
  };
}
