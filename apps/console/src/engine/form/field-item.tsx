import { type EntityRecord, type FormFieldDescriptor, uploadSizeHint } from '@organiser/domain';
import { useQuery } from '@tanstack/react-query';
import { Form, type FormInstance, type FormItemProps } from 'antd';
import type { ReactNode } from 'react';
import { entityApi } from '../../api/entity-api';
import { entityKeys } from '../../api/query-keys';
import { useEngineText } from '../../messages';
import type { EntityMeta } from '../entity-meta';
import { InheritedNote, useInheritedValue } from '../widget-registry/inherited-value';
import { FieldControl } from './field-control';
import type { FormValues } from './form-values';

type Props = {
  field: FormFieldDescriptor;
  meta: EntityMeta;
  form: FormInstance<FormValues>;
  record?: EntityRecord;
  itemProps: FormItemProps;
};

/** Image size hints: the banner cover shows its position's size when the chosen position has one. */
function useSizeHint(
  field: FormFieldDescriptor,
  meta: EntityMeta,
  form: FormInstance<FormValues>,
): string | undefined {
  const from = field.upload?.sizeHintFrom;
  const relation = from ? meta.def.fields[from.relation] : undefined;
  const target =
    relation && (relation.kind === 'relation' || relation.kind === 'treeRelation')
      ? relation.kind === 'relation'
        ? relation.to
        : meta.def.name
      : null;
  const relatedId = Form.useWatch(from?.relation ?? '__noRelation__', form) as unknown;
  const hasId = typeof relatedId === 'number' && target !== null;
  const related = useQuery({
    queryKey: entityKeys.record(target ?? '-', hasId ? relatedId : 0),
    queryFn: ({ signal }) => entityApi.get(target!, relatedId as number, signal),
    enabled: hasId,
    staleTime: 60_000,
  });
  if (!field.upload) return undefined;
  return uploadSizeHint(field.upload, hasId ? related.data : null);
}

/** A kind-dependent field (`onlyWhen`) is on the form only while its discriminator holds one of its values. */
export function WhenActive({
  meta,
  name,
  children,
}: {
  meta: EntityMeta;
  name: string;
  children: ReactNode;
}) {
  const condition = meta.def.fields[name]?.onlyWhen;
  const kind = Form.useWatch(condition?.field ?? '__noCondition__') as unknown;
  if (condition && !condition.in.some((v) => v === kind)) return null;
  return children;
}

/** One field of the form: its Form.Item (label, required mark, rules) around its widget, with its help text. */
export function FieldItem({ field, meta, form, record, itemProps }: Props) {
  const t = useEngineText();
  const sizeHint = useSizeHint(field, meta, form);
  const inherited = useInheritedValue(field, meta, form, record);
  const help = field.help?.[meta.lang];
  const note = field.isDisabled
    ? field.isStatus
      ? t('form.statusHint')
      : field.isComputed
        ? t('form.readOnlyHint')
        : undefined
    : undefined;
  const text = [help, note].filter(Boolean).join(' · ');
  const extra = inherited ? (
    <>
      <InheritedNote field={field} inherited={inherited} lang={meta.lang} />
      {text && <div>{text}</div>}
    </>
  ) : (
    text || undefined
  );
  return (
    <Form.Item {...itemProps} extra={extra}>
      <FieldControl field={field} meta={meta} record={record} sizeHint={sizeHint} inherited={inherited} />
    </Form.Item>
  );
}
