import type { EntityRecord, FormFieldDescriptor } from '@organiser/domain';
import { useEngineText } from '../../messages';
import type { EntityMeta } from '../entity-meta';
import { widgetSpec } from '../widget-registry';
import { describeValue, type InheritedValue, relatedEntityName } from '../widget-registry/inherited-value';

type Props = {
  field: FormFieldDescriptor;
  meta: EntityMeta;
  record?: EntityRecord;
  /** The recommended image size (may follow a related record). */
  sizeHint?: string;
  /** An inherited field's value in force (a company's limits fall back to its package's). */
  inherited?: InheritedValue | null;
  // injected by Form.Item
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  'aria-invalid'?: boolean;
};

/** The control of one field: its widget's (the kit's `widget`, from the field kind unless the definition names
 * one), from the widget registry. */
export function FieldControl({
  field,
  meta,
  record,
  sizeHint,
  inherited,
  id,
  value,
  onChange,
  ...rest
}: Props) {
  const t = useEngineText();
  const { lang } = meta;
  // an empty inherited field says what it falls back to
  const inheritedPlaceholder =
    field.inherit && inherited?.relatedValue !== undefined
      ? t('effective.asRelated', {
          entity: relatedEntityName(field, lang),
          value: describeValue(field, inherited.relatedValue, lang, t),
        })
      : undefined;
  return widgetSpec(field.widget).control({
    field,
    meta,
    record,
    sizeHint,
    inherited,
    value,
    onChange,
    common: { id, disabled: field.isDisabled, 'aria-invalid': rest['aria-invalid'] },
    label: meta.fieldLabel(field.name),
    placeholder: field.placeholder?.[lang] ?? inheritedPlaceholder,
    t,
  });
}
