import type { EntityRecord, FieldError, FlatRoute, MachineAction } from '@organiser/domain';
import type { ReactNode } from 'react';
import type { EntityAccess } from './access';
import type { EntityMeta } from './entity-meta';

// Extension points of the generic screens: a domain adds toolbar items, row and bulk actions, form sections and
// detail panels by passing contributions to the generic list, form and record screens, instead of copying them.

/** A row's action, shown as a link or under "More". */
export type RowAction = {
  key: string;
  label: string;
  onClick: () => void;
  isDanger?: boolean;
  icon?: ReactNode;
};

/** Rows chosen for a bulk action: the ticked rows, or every record matching the filters (sent as the filter
 * with the count the user saw). */
export type Selection = { ids: number[]; isAllMatching: boolean };

/** A status action or command of an entity, with the field whose machine it belongs to. */
export type NamedAction = { name: string; field: string } & MachineAction;

/** An action waiting for its inputs (a refusal's reason) before it runs. */
export type PendingInput = {
  action: NamedAction;
  /** true when done; the server's field errors to show on the dialog's fields; false on another refusal. */
  run: (input: Record<string, unknown>) => Promise<boolean | { errors: FieldError[] }>;
  /** Values the dialog's fields start with (a row's keyword), by input name. */
  initial?: Record<string, unknown>;
};

/** What a contribution may use: the entity, what the user may do with it, and where it can go. */
export type SlotContext = {
  meta: EntityMeta;
  access: EntityAccess;
  navigate: (to: string) => void;
  /** The routes the user may open. */
  routes: FlatRoute[];
};

/** The bar of a selection: what is selected, how many records that is, and how to clear it. */
export type BulkContext = SlotContext & { selection: Selection; total: number; clear: () => void };

export type ListSlots = {
  /** The API path the list reads instead of the entity's list (a module's list of the same records under
   * another condition, same query language), e.g. `/user_manager/list_admin`. */
  listPath?: string;
  /** The API path the list's export downloads from instead of the entity's (with `listPath`: the same records
   * under the same condition), e.g. `/user_manager/export_admin`. Such an export offers what the list shows only. */
  exportPath?: string;
  /** The edit page a row opens instead of the entity's form (a page of its own over the same records). */
  editPath?: string;
  /** The filters the list opens with when its URL has none (instead of the definition's). */
  defaultFilters?: Readonly<Record<string, string>>;
  /** The columns shown until the user picks columns (instead of the definition's): the ones this page's records
   * are worked by (staff accounts have no points or membership). */
  defaultColumns?: readonly string[];
  /** Items of the list's toolbar, after its own buttons. */
  toolbar?: (ctx: SlotContext) => ReactNode;
  /** Actions of a record's row, after "Edit" (pages about the record, a domain's own actions). */
  rowActions?: (record: EntityRecord, ctx: SlotContext) => RowAction[];
  /** Buttons of the selection bar, after the status actions. */
  bulkActions?: (ctx: BulkContext) => ReactNode;
  /** Panels of the record drawer, after the record's details. */
  detailPanels?: (record: EntityRecord, ctx: SlotContext) => ReactNode;
  /** A column's cell drawn otherwise than by its widget, by field name (undefined: the widget's cell). */
  cells?: Record<string, (value: unknown, record: EntityRecord) => ReactNode>;
  /** Columns of what the module answers beside the record's fields (the accounts holding a role), after the
   * fields' columns: neither sorted nor filtered, not in the column settings. */
  columns?: readonly ExtraColumn[];
};

/** A list column of an answered value that is not a field. */
export type ExtraColumn = {
  key: string;
  title: string;
  width: number;
  render: (record: EntityRecord) => ReactNode;
};

export type FormSlots = {
  /** Sections after the form's field groups (the record is null while adding). */
  sections?: (record: EntityRecord | null, ctx: SlotContext) => ReactNode;
  /** Buttons of the form's footer, after Save and Cancel. */
  footer?: (record: EntityRecord | null, ctx: SlotContext) => ReactNode;
};

export type RecordSlots = {
  /** Buttons of the record page's header, before "Back". */
  headerActions?: (record: EntityRecord, ctx: SlotContext) => ReactNode;
  /** Panels beside the record's details. */
  sidePanels?: (record: EntityRecord, ctx: SlotContext) => ReactNode;
};

/** A row action that opens a named page about the record (`…/:id`), when the user may open that page. */
export function pageLinkAction(
  ctx: SlotContext,
  input: { page: string; key: string; label: string; id: number },
): RowAction[] {
  const route = ctx.routes.find((r) => r.view?.kind === 'page' && r.view.page === input.page);
  if (!route) return [];
  return [
    {
      key: input.key,
      label: input.label,
      onClick: () => ctx.navigate(route.fullPath.replace(':id', String(input.id))),
    },
  ];
}
