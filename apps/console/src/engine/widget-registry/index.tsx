import { defaultWidget, type FieldKind, isWidgetName, type WidgetName } from '@organiser/domain';
import type { ReactNode } from 'react';
import { DictLabel, DictLabels } from '../../widgets/dict-select';
import { PermissionCount } from '../../widgets/permission-tree/permission-tree-input';
import { RegionName } from '../../widgets/region-select';
import {
  type CellContext,
  type CellRenderer,
  choiceCell,
  filesCell,
  flagCell,
  imageCell,
  isEmpty,
  jsonCell,
  momentCell,
  moneyCell,
  numberCell,
  relationCell,
  richTextCell,
  tagsCell,
  textCell,
  type ValueFacts,
  videoCell,
} from './cells';
import * as control from './controls';
import * as filter from './filters';

export type { ControlContext, ControlRenderer } from './controls';
export type { FilterContext, FilterRenderer } from './filters';

/** One widget: its form control, how a stored value shows (table cell, drawer, history), and its search-form
 * control when it filters otherwise than with a text input. */
export type WidgetSpec = {
  control: control.ControlRenderer;
  cell: CellRenderer;
  filter?: filter.FilterRenderer;
};

/** A dictionary value by its item's label; a list of them as tags of their labels. */
const dictCell: CellRenderer = (facts, value, ctx) => {
  if (typeof value === 'string') return <DictLabel dict={facts.dict} value={value} lang={ctx.lang} />;
  if (Array.isArray(value)) return <DictLabels dict={facts.dict} value={value.map(String)} lang={ctx.lang} />;
  return textCell(facts, value, ctx);
};

/** The options of a dynamic form's choice input, by their labels in the user's language. */
const optionsCell: CellRenderer = (facts, value, ctx) =>
  Array.isArray(value)
    ? (value as { value: string; label?: { en?: string; zh?: string } }[])
        .map((o) => o.label?.[ctx.lang] || o.value)
        .join(', ')
    : textCell(facts, value, ctx);

/** Region codes by name (a company's country and province / city). */
const regionCell: CellRenderer = (facts, value, ctx) =>
  typeof value === 'string' ? <RegionName codes={value} /> : textCell(facts, value, ctx);

/** A role's grants by their number (the tree itself is the form's). */
const permissionsCell: CellRenderer = (facts, value, ctx) =>
  Array.isArray(value) ? <PermissionCount ids={value as number[]} /> : textCell(facts, value, ctx);

/**
 * Every widget a definition may name (the domain's WIDGETS), registered once: the record type makes a widget
 * missing here a compile error, and the definition check refuses a name not on the list.
 */
export const widgetRegistry: Record<WidgetName, WidgetSpec> = {
  input: { control: control.textControl, cell: textCell },
  bilingual: { control: control.bilingualControl, cell: textCell },
  textarea: { control: control.textareaControl, cell: textCell },
  richText: { control: control.richTextControl, cell: richTextCell },
  number: { control: control.numberControl, cell: numberCell },
  money: { control: control.numberControl, cell: moneyCell },
  switch: { control: control.switchControl, cell: flagCell, filter: filter.choiceFilter },
  password: { control: control.passwordControl, cell: textCell },
  areaPhone: { control: control.phoneControl, cell: textCell },
  regionCountry: { control: control.countryControl, cell: regionCell, filter: filter.countryFilter },
  regionArea: { control: control.areaControl, cell: regionCell },
  select: { control: control.selectControl, cell: choiceCell, filter: filter.choiceFilter },
  dictSelect: { control: control.dictControl, cell: dictCell, filter: filter.dictFilter },
  tags: { control: control.tagsControl, cell: tagsCell },
  date: { control: control.dateControl, cell: textCell },
  datetime: { control: control.dateControl, cell: momentCell },
  imageUpload: { control: control.imageControl, cell: imageCell },
  videoUpload: { control: control.videoControl, cell: videoCell },
  fileUpload: { control: control.fileControl, cell: filesCell },
  relationSelect: { control: control.relationControl, cell: relationCell, filter: filter.relationFilter },
  treeSelect: { control: control.treeControl, cell: relationCell, filter: filter.treeFilterControl },
  json: { control: control.jsonControl, cell: jsonCell },
  dynamicForm: { control: control.dynamicFormControl, cell: jsonCell },
  dynamicFormGroup: { control: control.dynamicFormGroupControl, cell: textCell },
  formOptions: { control: control.formOptionsControl, cell: optionsCell },
  permissionTree: { control: control.permissionTreeControl, cell: permissionsCell },
};

/** A widget by name; a name not registered (only possible for a definition that skipped its check) is a text
 * input. */
export const widgetSpec = (name: string | undefined): WidgetSpec =>
  widgetRegistry[name && isWidgetName(name) ? name : 'input'];

/** The widget a field shows with: the one it names, else its kind's. */
export const widgetOf = (kind: FieldKind, named?: string): string => named ?? defaultWidget[kind];

/** How a stored value shows, by its field's widget: in a table cell (compact), in the detail drawer and in
 * history. An empty value shows as a dash. */
export function renderValue(facts: ValueFacts, value: unknown, ctx: CellContext): ReactNode {
  if (isEmpty(value)) return <span className="entity-empty">{ctx.t('list.noValue')}</span>;
  return widgetSpec(widgetOf(facts.kind, facts.widget)).cell(facts, value, ctx);
}
