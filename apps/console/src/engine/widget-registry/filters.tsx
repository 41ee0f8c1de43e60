import { type FilterDescriptor, getEntity, kitMessages, type Language } from '@organiser/domain';
import type { ReactNode } from 'react';
import { Select } from '../../components/select-clear';
import { DictSelect } from '../../widgets/dict-select';
import { CountrySelect } from '../../widgets/region-select';
import { RelationSelect } from '../../widgets/relation-select';
import { EntityTreeSelect } from '../../widgets/tree-select';

// The search form's control of each widget that has one of its own (the others filter with a text input).
// Range filters (dates, numbers) are the search form's own: they depend on the operator, not the widget.

export type FilterContext = {
  filter: FilterDescriptor;
  lang: Language;
  /** The field's label: the control's accessible name. */
  label: string;
  /** "Any". */
  placeholder: string;
};

/** A filter control, or undefined for the plain text input. */
export type FilterRenderer = (c: FilterContext) => ReactNode | undefined;

const treeFilter = ({ filter, label, placeholder }: FilterContext, entity: string) => (
  <EntityTreeSelect
    entity={entity}
    isMultiple={filter.op === 'in'}
    aria-label={label}
    placeholder={placeholder}
  />
);

/** Related records; a related entity that is a tree is picked in the tree. */
export const relationFilter: FilterRenderer = (c) => {
  const relation = c.filter.relation;
  if (!relation) return undefined;
  if (getEntity(relation.entity)?.tree) return treeFilter(c, relation.entity);
  return (
    <RelationSelect
      entity={relation.entity}
      isMultiple={c.filter.op === 'in'}
      aria-label={c.label}
      placeholder={c.placeholder}
    />
  );
};

export const treeFilterControl: FilterRenderer = (c) =>
  c.filter.relation ? treeFilter(c, c.filter.relation.entity) : undefined;

export const countryFilter: FilterRenderer = ({ filter, label, placeholder }) =>
  filter.op === 'eq' ? <CountrySelect aria-label={label} allowClear placeholder={placeholder} /> : undefined;

/** A choice among the field's options (a flag: yes / no). */
export const choiceFilter: FilterRenderer = ({ filter, lang, label, placeholder }) => {
  if (!filter.options && filter.kind !== 'boolean') return undefined;
  const options = filter.options
    ? filter.options.map((o) => ({ value: o.value, label: o.label[lang] }))
    : [
        { value: 'true', label: kitMessages.yes[lang] },
        { value: 'false', label: kitMessages.no[lang] },
      ];
  return (
    <Select
      mode={filter.op === 'in' ? 'multiple' : undefined}
      options={options}
      allowClear
      placeholder={placeholder}
      aria-label={label}
      maxTagCount="responsive"
    />
  );
};

/** A dictionary field filtered on one value, or on any of several: its dictionary's items (a contains-match
 * keeps the text input). */
export const dictFilter: FilterRenderer = ({ filter, lang, label, placeholder }) =>
  (filter.op === 'eq' || filter.op === 'in') && filter.dict ? (
    <DictSelect
      dict={filter.dict}
      lang={lang}
      isMultiple={filter.op === 'in'}
      allowClear
      placeholder={placeholder}
      aria-label={label}
    />
  ) : undefined;
