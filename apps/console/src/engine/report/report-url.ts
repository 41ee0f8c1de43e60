import { type EntityDef, type FilterDescriptor, listFilters } from '@organiser/domain';
import { type ListUrlState, listQueryOf, matchQueryOf, readListUrl, writeListUrl } from '../list/list-url';

// A report's state lives in the URL like an entity list's (filters, sort, page, size), plus the report's own
// parameters: `groupBy`, `periodFrom` / `periodTo` and `granularity`, under the very names of
// `GET /api/<report>/list`. A value the definition does not allow is dropped, so an old or edited link still
// opens the report.

export type ReportUrlState = ListUrlState & {
  /** A declared dimension other than the first (the default); absent = the default. */
  groupBy?: string;
  /** Inclusive dates, YYYY-MM-DD. */
  periodFrom?: string;
  periodTo?: string;
  granularity?: string;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (v: string) => DATE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

/** The report's filters: those of its own fields (report rows have no id or timestamps to filter on). */
export function reportFilters(def: EntityDef): FilterDescriptor[] {
  return listFilters(def).filter((f) => f.name in def.fields);
}

/** The dimension the rows are grouped by: the chosen one, else the first declared. */
export const effectiveGroupBy = (def: EntityDef, state: ReportUrlState): string | undefined =>
  state.groupBy ?? def.report?.params.groupBy?.[0]?.value;

export function readReportUrl(def: EntityDef, search: URLSearchParams): ReportUrlState {
  const list = readListUrl(def, undefined, search);
  const own = new Set(reportFilters(def).flatMap((f) => f.params));
  const filters: Record<string, string> = {};
  for (const [name, value] of Object.entries(list.filters)) if (own.has(name)) filters[name] = value;
  const state: ReportUrlState = {
    ...list,
    keyword: def.search.length ? list.keyword : '',
    isTrash: false,
    filters,
    sort: list.sort && list.sort in def.fields ? list.sort : undefined,
  };
  const params = def.report?.params ?? {};
  const groupBy = search.get('groupBy');
  if (groupBy && groupBy !== params.groupBy?.[0]?.value && params.groupBy?.some((g) => g.value === groupBy))
    state.groupBy = groupBy;
  if (params.period) {
    const from = search.get('periodFrom') ?? '';
    const to = search.get('periodTo') ?? '';
    const isOrdered = !isRealDate(from) || !isRealDate(to) || from <= to;
    if (isRealDate(from) && isOrdered) state.periodFrom = from;
    if (isRealDate(to) && isOrdered) state.periodTo = to;
    const granularity = search.get('granularity');
    if (granularity && (params.period.granularity as readonly string[]).includes(granularity))
      state.granularity = granularity;
  }
  return state;
}

/** The report's own parameters of a state (group-by always named, so the request says what it shows). */
function reportParamsOf(def: EntityDef, state: ReportUrlState): Record<string, string> {
  const out: Record<string, string> = {};
  const groupBy = effectiveGroupBy(def, state);
  if (groupBy) out.groupBy = groupBy;
  if (state.periodFrom) out.periodFrom = state.periodFrom;
  if (state.periodTo) out.periodTo = state.periodTo;
  if (state.granularity) out.granularity = state.granularity;
  return out;
}

/** The URL parameters of a state, defaults left out. */
export function writeReportUrl(def: EntityDef, state: ReportUrlState): URLSearchParams {
  const out = writeListUrl(def, state);
  const own = reportParamsOf(def, state);
  if (!state.groupBy) delete own.groupBy;
  for (const [name, value] of Object.entries(own)) out.set(name, value);
  return out;
}

/** The query of `GET /api/<report>/list`. */
export const reportQueryOf = (def: EntityDef, state: ReportUrlState): Record<string, string> => ({
  ...listQueryOf(state),
  ...reportParamsOf(def, state),
});

/** The query of `GET /api/<report>/export`: the rows the report shows, every page, in its order. */
export function reportExportQueryOf(def: EntityDef, state: ReportUrlState): Record<string, string> {
  const out: Record<string, string> = { ...matchQueryOf(state), ...reportParamsOf(def, state) };
  if (state.sort) out.sort = state.sort;
  if (state.order) out.order = state.order;
  return out;
}
