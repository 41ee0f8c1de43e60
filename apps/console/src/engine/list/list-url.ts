import {
  DEFAULT_PAGE_SIZE,
  type EntityDef,
  type EntityPolicy,
  filterParams,
  parseListQuery,
  queryFields,
  type RawQuery,
  type SortOrder,
} from '@organiser/domain';

// The URL is the only source of a list's state: page, size, keyword, sort, order and
// the filters use the very parameter names of `GET /api/<entity>/list` (the kit's list-query grammar), so a
// reload, the back button and a shared link show the same list, and the request is the URL's own query.

/** Console-only parameter: the list shows the trash of a soft-deleting entity. */
export const TRASH_PARAM = 'trash';

export type ListUrlState = {
  page: number;
  size: number;
  keyword: string;
  /** Chosen sort field; absent = the definition's default sort. */
  sort?: string;
  order?: SortOrder;
  /** Filter parameter → raw value (`status` → `enabled,disabled`, `startDateFrom` → `2025-01-01`). */
  filters: Record<string, string>;
  isTrash: boolean;
};

export const EMPTY_LIST_STATE: ListUrlState = {
  page: 1,
  size: DEFAULT_PAGE_SIZE,
  keyword: '',
  filters: {},
  isTrash: false,
};

/** Filter parameter names in the order of the definition (ranges as From/To pairs). */
export function filterParamNames(def: EntityDef, policy?: EntityPolicy): string[] {
  return queryFields(def, policy).flatMap((f) => filterParams(f));
}

/** Whether a parameter filters on an input of a dynamic form field (`specs.voltage`); the server checks the
 * code against the configs. */
export function isDynamicFilterParam(
  def: EntityDef,
  policy: EntityPolicy | undefined,
  name: string,
): boolean {
  const dot = name.indexOf('.');
  if (dot < 0) return false;
  const field = name.slice(0, dot);
  return queryFields(def, policy).some((f) => f.name === field && f.kind === 'dynamicForm');
}

/** The filter parameters of a URL: the definition's, then the dynamic form inputs' in the URL's order. */
const paramsIn = (def: EntityDef, policy: EntityPolicy | undefined, search: URLSearchParams) => [
  ...filterParamNames(def, policy),
  ...[...new Set(search.keys())].filter((k) => isDynamicFilterParam(def, policy, k)),
];

const MAX_REPAIRS = 30;

/**
 * Reads a list's state from the URL. A parameter the kit's grammar refuses (unknown, malformed, a hidden field's
 * filter, a sort on an unsortable field) is dropped rather than sent, so an old or edited link still opens a list.
 */
export function readListUrl(
  def: EntityDef,
  policy: EntityPolicy | undefined,
  search: URLSearchParams,
): ListUrlState {
  const params = paramsIn(def, policy, search);
  const raw: Record<string, string> = {};
  const take = (name: string) => {
    const values = search.getAll(name).filter((v) => v.trim() !== '');
    if (values.length > 0) raw[name] = values.join(',');
  };
  for (const name of ['page', 'size', 'sort', 'order', ...params]) take(name);
  if (def.search.length > 0) take('keyword');
  for (let i = 0; i < MAX_REPAIRS; i++) {
    const parsed = parseListQuery(def, raw as RawQuery, policy);
    if (parsed.ok) break;
    if (!(parsed.param in raw)) break;
    delete raw[parsed.param];
  }
  const filters: Record<string, string> = {};
  for (const name of params) if (raw[name] !== undefined) filters[name] = raw[name]!;
  return {
    page: raw.page ? Number(raw.page) : 1,
    size: raw.size ? Number(raw.size) : DEFAULT_PAGE_SIZE,
    keyword: raw.keyword?.trim() ?? '',
    sort: raw.sort,
    order: raw.order === 'asc' || raw.order === 'desc' ? raw.order : undefined,
    filters,
    isTrash: def.softDelete && search.get(TRASH_PARAM) === '1',
  };
}

/** The URL parameters of a state, defaults left out, in a stable order. */
export function writeListUrl(def: EntityDef, state: ListUrlState, policy?: EntityPolicy): URLSearchParams {
  const out = new URLSearchParams();
  if (state.isTrash) out.set(TRASH_PARAM, '1');
  if (state.keyword.trim()) out.set('keyword', state.keyword.trim());
  const dynamic = Object.keys(state.filters).filter((k) => isDynamicFilterParam(def, policy, k));
  for (const name of [...filterParamNames(def, policy), ...dynamic]) {
    const value = state.filters[name];
    if (value !== undefined && value !== '') out.set(name, value);
  }
  if (state.sort) out.set('sort', state.sort);
  if (state.order) out.set('order', state.order);
  if (state.page > 1) out.set('page', String(state.page));
  if (state.size !== DEFAULT_PAGE_SIZE) out.set('size', String(state.size));
  return out;
}

/** The keyword and filters: what "all matching records" means for a batch action or an export. */
export function matchQueryOf(state: ListUrlState): Record<string, string> {
  const out: Record<string, string> = { ...state.filters };
  if (state.keyword) out.keyword = state.keyword;
  return out;
}

/** The query of `GET /api/<entity>/list` (or `/trash`) for a state. */
export function listQueryOf(state: ListUrlState): Record<string, string> {
  const out: Record<string, string> = {
    ...matchQueryOf(state),
    page: String(state.page),
    size: String(state.size),
  };
  if (state.sort) out.sort = state.sort;
  if (state.order) out.order = state.order;
  return out;
}

/** The sort the list is in: the chosen one, else the definition's default. */
export function effectiveSort(
  def: EntityDef,
  state: ListUrlState,
): { field: string; order: SortOrder; isDefault: boolean } {
  if (state.sort) return { field: state.sort, order: state.order ?? 'asc', isDefault: false };
  return {
    field: def.defaultSort.field,
    order: state.order ?? def.defaultSort.order,
    isDefault: !state.order || state.order === def.defaultSort.order,
  };
}

export const hasActiveFilters = (state: ListUrlState) =>
  Boolean(state.keyword) || Object.keys(state.filters).length > 0;
