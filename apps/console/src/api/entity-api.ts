import {
  API_PREFIX,
  actionUrl,
  type BatchResult,
  type EntityDef,
  type EntityListContent,
  type EntityRecord,
  type EntityTreeNode,
  type Envelope,
  entityUrl,
  type FieldChange,
  type FieldError,
  getEntity,
  type HistoryItem,
  type ImportReport,
  type ImportRowReport,
  nestTree,
  type RouteKey,
  type RouteParams,
} from '@organiser/domain';
import { http, type Query, upload } from './client';

// The calls of the entity engine (apps/api/src/engine) for one entity. Reads resolve with their content; writes
// resolve with the whole envelope, because a validation refusal (`success: false`, `content.errors`) is handed
// back for the form to show on its fields.

// The response shapes are the API's own (packages/domain/src/kit/responses.ts), under the names the screens use.
export type EntityList = EntityListContent;
export type TreeRecord = EntityTreeNode;
export type HistoryChange = FieldChange;
export type { BatchResult, HistoryItem, ImportReport, ImportRowReport };

/** Which records a batch works on: the chosen ids, or every record matching the list's filters, as many as the
 * user was shown (`expectedCount`; the server refuses with 409 and changes nothing when that count changed). */
export type BatchTarget = { ids: number[] } | { filter: Record<string, string>; expectedCount: number };

/** The url of an entity's route from the route table (packages/domain/src/routes), the one place API urls
 * are spelled; `http` adds the /api prefix. */
function url(entity: string, key: RouteKey, params?: RouteParams): string {
  const def = getEntity(entity);
  if (!def) throw new Error(`unknown entity "${entity}"`);
  return entityUrl(def, key, params).slice(API_PREFIX.length);
}

/** The url of a status action or a command (one record with an id; many, or the entity, without). */
const actionPath = (entity: string, action: string, id?: number) => {
  const def = getEntity(entity);
  if (!def) throw new Error(`unknown entity "${entity}"`);
  return actionUrl(def, action, id).slice(API_PREFIX.length);
};

export const entityApi = {
  list: async (entity: string, query: Query, signal?: AbortSignal) =>
    (await http.get<EntityList>(url(entity, 'list'), query, { signal })).content,
  /** A list in the entity list's shape at another path: a screen's own list route (`slots.listPath`). */
  listAt: async (path: string, query: Query, signal?: AbortSignal) =>
    (await http.get<EntityList>(path, query, { signal })).content,
  /** A page of a report's rows (a report definition has a list route and no records). */
  report: async <T>(def: EntityDef, query: Query, signal?: AbortSignal, path?: Record<string, string>) =>
    (await http.get<T>(entityUrl(def, 'list', path).slice(API_PREFIX.length), query, { signal })).content,
  trash: async (entity: string, query: Query, signal?: AbortSignal) =>
    (await http.get<EntityList>(url(entity, 'trash'), query, { signal })).content,
  /** Every record of a tree entity as a tree; with a keyword or filters, the matches and their ancestors. A tree
   * the server answers flat, in tree order (`treeAnswer: 'flat'`), is nested here the same way. */
  tree: async (entity: string, query: Query, signal?: AbortSignal) => {
    const content = (
      await http.get<{ list: TreeRecord[]; total: number } | EntityRecord[]>(url(entity, 'tree'), query, {
        signal,
      })
    ).content;
    if (!Array.isArray(content)) return content;
    return { list: nestTree(content, getEntity(entity)!.tree!), total: content.length };
  },
  /** `{ id, label }` of records for a select: by keyword, or the labels of known ids. */
  options: async (entity: string, query: { keyword?: string; ids?: number[] }, signal?: AbortSignal) =>
    (
      await http.get<{ id: number; label: string; isDisabled: boolean }[]>(
        url(entity, 'options'),
        { keyword: query.keyword, ids: query.ids?.join(',') },
        { signal },
      )
    ).content,
  get: async (entity: string, id: number | string, signal?: AbortSignal) =>
    (await http.get<EntityRecord>(url(entity, 'read', { id }), undefined, { signal })).content,
  create: (entity: string, body: Record<string, unknown>) =>
    http.post<EntityRecord>(url(entity, 'create'), body),
  update: (entity: string, id: number | string, body: Record<string, unknown>) =>
    http.put<EntityRecord>(url(entity, 'update', { id }), body),
  /** `confirm`: also take the record from the records holding it (an entity declared `deleteHeld: 'confirm'`). */
  remove: (entity: string, id: number, options: { confirm?: boolean } = {}) =>
    http.delete<unknown>(url(entity, 'delete', { id }), {
      query: options.confirm ? { confirm: 'true' } : undefined,
    }),
  restore: (entity: string, id: number) => http.post<EntityRecord>(url(entity, 'restore', { id })),
  purge: (entity: string, id: number) => http.delete<unknown>(url(entity, 'purge', { id })),
  action: (entity: string, action: string, id: number, body?: Record<string, unknown>) =>
    http.post<EntityRecord>(actionPath(entity, action, id), body ?? {}),
  batch: (entity: string, action: string, target: BatchTarget, body?: Record<string, unknown>) =>
    http.post<BatchResult>(actionPath(entity, action), { ...target, ...body }),
  /** A declared command: on one record (`POST /api/<entity>/<name>/{id}`), on a selection (`{ ids }` with the
   * input) or on the entity as a whole (the input alone), both `POST /api/<entity>/<name>`. */
  command: (
    entity: string,
    name: string,
    target: { id: number } | BatchTarget | null,
    input?: Record<string, unknown>,
  ) =>
    target && 'id' in target
      ? http.post<unknown>(actionPath(entity, name, target.id), input ?? {})
      : http.post<unknown>(actionPath(entity, name), target ? { ...target, ...input } : (input ?? {})),
  /** The new order of a parent's children (`parent.order`): their ids, first to last. */
  reorder: (entity: string, parentId: number, ids: number[]) =>
    http.post<unknown>(url(entity, 'reorder'), { parentId, ids }),
  history: async (entity: string, id: number, signal?: AbortSignal) =>
    (await http.get<HistoryItem[]>(url(entity, 'history', { id }), undefined, { signal })).content,
  revert: (entity: string, id: number, version: number) =>
    http.post<EntityRecord>(url(entity, 'revert', { id, version })),
  import: (
    entity: string,
    file: File,
    options: { isDryRun: boolean; onProgress?: (percent: number) => void },
  ) =>
    upload<ImportReport>(`${url(entity, 'import')}?dryRun=${options.isDryRun}`, file, {
      onProgress: options.onProgress,
    }),
};

export type { Envelope };

/** Body of a refused write as field errors (`content.errors`), or none. */
export function fieldErrorsOf(res: Envelope<unknown>): FieldError[] {
  const content = res.content as { errors?: FieldError[] } | null;
  return !res.success && content && Array.isArray(content.errors) ? content.errors : [];
}
