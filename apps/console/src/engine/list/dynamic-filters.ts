import type { DynamicFormConfig, FilterDescriptor } from '@organiser/domain';
import { useMemo } from 'react';
import { useFilterableInputs } from '../../widgets/dynamic-form';
import type { EntityMeta } from '../entity-meta';

// The list filters of a dynamic form field: one per enabled, filterable input of its category, written as
// `<field>.<code>` (a choice: any of the chosen options; a multiple choice: holding one of them; yes / no; a
// number or a text: that value).

function descriptorOf(field: string, c: DynamicFormConfig): FilterDescriptor {
  const name = `${field}.${c.code}`;
  const isChoice = c.type === 'select' || c.type === 'multiSelect';
  const kind = isChoice ? 'enum' : c.type === 'boolean' ? 'boolean' : c.type === 'text' ? 'text' : 'decimal';
  return {
    name,
    kind,
    label: c.label,
    options: isChoice ? c.options : undefined,
    op: isChoice ? 'in' : 'eq',
    params: [name],
    isStatus: false,
    isComputed: false,
    isMultiple: false,
  };
}

/** The filters of the entity's dynamic form fields (none while their inputs load, or when it has none). */
export function useDynamicFilters(meta: EntityMeta): FilterDescriptor[] {
  const hidden = meta.policy.hidden ?? [];
  const field = Object.entries(meta.def.fields).find(
    ([name, f]) => f.kind === 'dynamicForm' && !hidden.includes(name),
  );
  const category = field?.[1].kind === 'dynamicForm' ? field[1].category : undefined;
  const { data } = useFilterableInputs(category);
  return useMemo(() => (field && data ? data.map((c) => descriptorOf(field[0], c)) : []), [field?.[0], data]);
}
