// TanStack Query keys of the entity screens: everything about one entity starts with ['entity', name], so one
// invalidation after a write refreshes its lists, records and histories.

export const entityKeys = {
  all: (entity: string) => ['entity', entity] as const,
  list: (entity: string, scope: 'list' | 'trash' | 'tree', query: Record<string, string>) =>
    ['entity', entity, scope, query] as const,
  record: (entity: string, id: number | string) => ['entity', entity, 'record', String(id)] as const,
  history: (entity: string, id: number) => ['entity', entity, 'history', id] as const,
  options: (entity: string, keyword: string) => ['entity', entity, 'options', keyword] as const,
  /** A report's rows: the server labels its groups in the caller's language, so the language is part of the key. */
  report: (report: string, lang: string, query: Record<string, string>) =>
    ['entity', report, 'report', lang, query] as const,
};

/** Entities reading the same records as this one (a view such as the audit queue, and the entity it reads): a
 * write through one of them changes what the others show. */
export function sharedRecordEntities(name: string, all: Record<string, { source: string | null }>): string[] {
  const base = all[name]?.source ?? name;
  return [
    ...new Set([
      name,
      base,
      ...Object.entries(all)
        .filter(([, d]) => d.source === base)
        .map(([n]) => n),
    ]),
  ];
}
