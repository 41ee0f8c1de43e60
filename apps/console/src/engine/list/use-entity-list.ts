import type { EntityDef, EntityPolicy, SortOrder } from '@organiser/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type EntityList, entityApi } from '../../api/entity-api';
import { entityKeys } from '../../api/query-keys';
import { type EntityMeta, useEntityMeta } from '../entity-meta';
import type { Selection } from '../slots';
import {
  EMPTY_LIST_STATE,
  type ListUrlState,
  listQueryOf,
  matchQueryOf,
  readListUrl,
  writeListUrl,
} from './list-url';

const NO_SELECTION: Selection = { ids: [], isAllMatching: false };

export type EntityListController = {
  meta: EntityMeta;
  state: ListUrlState;
  data: EntityList | undefined;
  isLoading: boolean;
  isFetching: boolean;
  /** Keyword and filters of the list, for "all matching" batches and exports. */
  matchQuery: Record<string, string>;
  /** A tree entity's live records come as a tree (`GET /api/<entity>/tree`): no pages. */
  isTree: boolean;
  setPage: (page: number, size?: number) => void;
  setSort: (field: string | undefined, order: SortOrder | undefined) => void;
  search: (input: { keyword?: string; filters: Record<string, string | undefined> }) => void;
  /** Back to the default list: no keyword, no filter, default sort, page 1 (the trash view stays). */
  reset: () => void;
  setTrash: (isTrash: boolean) => void;
  reload: () => void;
  selection: Selection;
  select: (ids: number[]) => void;
  selectAllMatching: () => void;
  clearSelection: () => void;
};

/** The state a list opens with: its URL's, or the definition's default filters when the URL holds no state (the
 * audit queue opens on "To audit"). */
export function openingListState(
  def: EntityDef,
  policy: EntityPolicy,
  search: URLSearchParams,
  defaultFilters: Readonly<Record<string, string>> | undefined = def.defaultFilters,
): ListUrlState {
  const read = readListUrl(def, policy, search);
  return defaultFilters && [...search.keys()].length === 0
    ? { ...read, filters: { ...defaultFilters } }
    : read;
}

/** What the list asks the API for a state, and the cache key of the answer: shared by the list and by the prefetch
 * that starts a list's request when its menu entry is pressed, before the page has mounted. */
export function listQueryOptions(entity: string, def: EntityDef, state: ListUrlState, listPath?: string) {
  const query = listQueryOf(state);
  const matchQuery = matchQueryOf(state);
  // a tree (categories) shows whole: its matches with their ancestors, siblings in the list's order
  const isTree = Boolean(def.tree) && !state.isTrash;
  const scope: 'trash' | 'tree' | 'list' = state.isTrash ? 'trash' : isTree ? 'tree' : 'list';
  const treeQuery: Record<string, string> = { ...matchQuery };
  if (state.sort) treeQuery.sort = state.sort;
  if (state.order) treeQuery.order = state.order;
  return {
    query,
    matchQuery,
    isTree,
    queryKey: entityKeys.list(
      entity,
      scope,
      isTree ? treeQuery : { ...query, ...(listPath ? { listPath } : {}) },
    ),
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<EntityList> => {
      if (listPath && !state.isTrash) return entityApi.listAt(listPath, query, signal);
      if (!isTree) return (state.isTrash ? entityApi.trash : entityApi.list)(entity, query, signal);
      const tree = await entityApi.tree(entity, treeQuery, signal);
      return { list: tree.list, total: tree.total, page: 1, size: tree.total, totalIsEstimate: false };
    },
  };
}

/**
 * The headless list (react-admin's useListController): state from the URL, the page from the API through
 * TanStack Query, and the selection. Custom list pages use it with their own table.
 */
export function useEntityList(
  entity: string,
  options: { listPath?: string; defaultFilters?: Readonly<Record<string, string>> } = {},
): EntityListController {
  const meta = useEntityMeta(entity);
  const { def, policy } = meta;
  const defaultFilters = options.defaultFilters ?? def.defaultFilters;
  const [searchParams, setSearchParams] = useSearchParams();
  // A list opened without any state in its URL starts on the definition's (or the page's) default filters (the
  // audit queue on "To audit"), written into the URL; once open, the URL alone decides, so the user can clear them.
  const [isOpening, setOpening] = useState(
    () => Boolean(defaultFilters) && [...searchParams.keys()].length === 0,
  );
  const state = useMemo(
    () =>
      isOpening
        ? openingListState(def, policy, searchParams, defaultFilters)
        : readListUrl(def, policy, searchParams),
    [def, policy, searchParams, isOpening, defaultFilters],
  );
  const { matchQuery, isTree, queryKey, queryFn } = useMemo(
    () => listQueryOptions(def.name, def, state, options.listPath),
    [def, state, options.listPath],
  );
  const scope = queryKey[2];

  const result = useQuery({ queryKey, queryFn, placeholderData: keepPreviousData });

  const write = useCallback(
    (next: ListUrlState, options: { replace?: boolean } = {}) => {
      setSearchParams(writeListUrl(def, next, policy), { replace: options.replace });
    },
    [def, policy, setSearchParams],
  );
  // Handlers built from the state they saw may be called later (antd keeps some of its callbacks from an earlier
  // render): every change starts from the state of the URL now, never from a stale copy.
  const latest = useRef(state);
  latest.current = state;

  useEffect(() => {
    if (!isOpening) return;
    if ([...searchParams.keys()].length === 0) write(latest.current, { replace: true });
    else setOpening(false);
  }, [isOpening, searchParams, write]);

  // a page emptied by deletions (or an old link past the end) moves to the last page that has rows
  const data = result.data;
  useEffect(() => {
    if (
      !data ||
      isTree ||
      result.isPlaceholderData ||
      data.list.length > 0 ||
      data.total === 0 ||
      state.page === 1
    )
      return;
    write({ ...state, page: Math.max(1, Math.ceil(data.total / state.size)) }, { replace: true });
  }, [data, isTree, result.isPlaceholderData, state, write]);

  // the selection belongs to one set of matching records: it ends when the filters change
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const selectionScope = JSON.stringify([scope, matchQuery]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the scope string is the trigger
  useEffect(() => setSelection(NO_SELECTION), [selectionScope]);

  return {
    meta,
    state,
    data,
    isLoading: result.isLoading,
    isFetching: result.isFetching,
    matchQuery,
    isTree,
    setPage: (page, size) => {
      const now = latest.current;
      write({ ...now, page: size && size !== now.size ? 1 : page, size: size ?? now.size });
    },
    setSort: (field, order) =>
      write({
        ...latest.current,
        page: 1,
        sort: field === def.defaultSort.field && !order ? undefined : field,
        order,
      }),
    search: ({ keyword, filters }) => {
      const clean: Record<string, string> = {};
      for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== '') clean[k] = v;
      write({ ...latest.current, page: 1, keyword: keyword ?? latest.current.keyword, filters: clean });
    },
    reset: () => write({ ...EMPTY_LIST_STATE, isTrash: latest.current.isTrash }),
    // the same filters over the trash (or back): what was deleted among these records
    setTrash: (isTrash) =>
      write({
        ...EMPTY_LIST_STATE,
        keyword: latest.current.keyword,
        filters: latest.current.filters,
        isTrash,
      }),
    reload: () => void result.refetch(),
    selection,
    select: (ids) => setSelection({ ids, isAllMatching: false }),
    selectAllMatching: () => setSelection((s) => ({ ids: s.ids, isAllMatching: true })),
    clearSelection: () => setSelection(NO_SELECTION),
  };
}
