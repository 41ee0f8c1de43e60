import { type EntityRecord, listColumns } from '@organiser/domain';
import { Descriptions, Drawer } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEngineText } from '../../messages';
import { useReportText } from '../../messages/report';
import type { EntityMeta } from '../entity-meta';
import { renderValue } from '../widget-registry';

// The drawer of a report row (a report declared with `detail`): every field of the row, the columns the table
// hides included; a text that holds a JSON object or list (a log's arguments) is shown pretty-printed.

/** The JSON in a text, pretty-printed; undefined when the text is not a JSON object or list. */
export function prettyJson(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return undefined;
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return undefined;
  }
}

export function ReportRowDrawer({
  meta,
  row,
  onClose,
}: {
  meta: EntityMeta;
  row: EntityRecord | null;
  onClose: () => void;
}) {
  const { def, lang } = meta;
  const t = useEngineText();
  const rt = useReportText();
  const { t: frameT } = useTranslation();
  const columns = useMemo(
    () => listColumns(def, meta.policy).filter((c) => c.name in def.fields),
    [def, meta.policy],
  );
  return (
    <Drawer
      open={Boolean(row)}
      onClose={onClose}
      size={720}
      title={rt('details.title', { report: meta.label({ plural: false }) })}
      destroyOnHidden
    >
      {row && (
        <Descriptions column={1} bordered size="small" className="report-row-details">
          {columns.map((c) => {
            const value = row[c.name];
            const json = prettyJson(value);
            return (
              <Descriptions.Item key={c.name} label={meta.fieldLabel(c.name)}>
                {json !== undefined ? (
                  <pre className="report-json">{json}</pre>
                ) : (
                  renderValue(c, value, { lang, t, frameT, record: row, mode: 'cell' })
                )}
              </Descriptions.Item>
            );
          })}
        </Descriptions>
      )}
    </Drawer>
  );
}
