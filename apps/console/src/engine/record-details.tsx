import {
  type EffectiveValue,
  type EntityRecord,
  type FormFieldDescriptor,
  formLayout,
  recordLabel,
} from '@organiser/domain';
import { Card, Descriptions } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEngineText } from '../messages';
import { useApp } from '../state/app-settings';
import type { EntityMeta } from './entity-meta';
import { renderValue } from './widget-registry';
import type { CellContext } from './widget-registry/cells';
import { InheritedNote, type InheritedValue } from './widget-registry/inherited-value';

const WIDE = new Set(['longText', 'richText', 'images', 'attachments', 'json', 'dynamicForm', 'video']);

/** A value shown otherwise than its widget's cell: a year. */
function widgetValue(field: FormFieldDescriptor, value: unknown): ReactNode | undefined {
  // a year (at most four digits) is not a quantity: no thousands separator
  if (field.kind === 'integer' && typeof value === 'number' && field.max !== undefined && field.max < 10_000)
    return String(value);
  return undefined;
}

/** An inherited field as the server reports it (`record.effective`). */
function inheritedOf(
  meta: EntityMeta,
  field: FormFieldDescriptor,
  record: EntityRecord,
): InheritedValue | null {
  const effective = (record.effective as Record<string, EffectiveValue> | undefined)?.[field.name];
  if (!field.inherit || !effective) return null;
  const own = meta.def.source ?? meta.def.name;
  const label = record[`${field.inherit.via}Label`];
  return {
    value: effective.value,
    source: effective.source === own ? 'own' : effective.source === 'none' ? 'none' : 'related',
    relatedName: typeof label === 'string' ? label : undefined,
  };
}

/**
 * A record read-only, in the groups of its form (a company under audit): every visible field by its kind, inherited
 * values with where they come from. Secrets are never shown.
 */
export function RecordDetails({ meta, record }: { meta: EntityMeta; record: EntityRecord }) {
  const t = useEngineText();
  const { t: frameT } = useTranslation();
  const { def, policy, lang } = meta;
  const groups = useMemo(() => formLayout(def, { policy, mode: 'edit' }), [def, policy]);
  // on a phone each label sits above its value: beside a label the value column is too narrow for an email
  const isPhone = useApp((s) => s.device === 'mobile');
  const ctx: CellContext = {
    lang,
    t,
    frameT,
    record,
    mode: 'detail',
    ownerLabel: recordLabel(def, record, lang),
  };
  return (
    <div className="entity-record-details">
      {groups.map((group) => {
        const fields = group.fields.filter((f) => !f.isSecret);
        if (fields.length === 0) return null;
        return (
          <Card
            key={group.key}
            size="small"
            className="entity-form-group"
            title={group.label ? group.label[lang] : undefined}
          >
            <Descriptions
              size="small"
              bordered
              column={{ xs: 1, md: 2 }}
              layout={isPhone ? 'vertical' : 'horizontal'}
              styles={{ label: { width: isPhone ? undefined : 150 } }}
              items={fields.map((field) => {
                const inherited = inheritedOf(meta, field, record);
                return {
                  key: field.name,
                  label: meta.fieldLabel(field.name),
                  span: WIDE.has(field.kind) ? ('filled' as const) : 1,
                  children: inherited ? (
                    <InheritedNote field={field} inherited={inherited} lang={lang} />
                  ) : (
                    (widgetValue(field, record[field.name]) ?? renderValue(field, record[field.name], ctx))
                  ),
                };
              })}
            />
          </Card>
        );
      })}
    </div>
  );
}
