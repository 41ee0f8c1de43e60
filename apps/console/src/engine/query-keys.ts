// TanStack Query keys of the entity screens: everything about one entity starts with ['entity', name], so one
// invalidation after a write refreshes its lists, records and histories.

export const entityKeys = {
  all: (entity: string) => ['entity', entity] as const,
  list: (entity: string, scope: 'list' | 'trash', query: Record<string, string>) =>
    ['entity', entity, scope, query] as const,
  record: (entity: string, id: number | string) => ['entity', entity, 'record', String(id)] as const,
  history: (entity: string, id: number) => ['entity', entity, 'history', id] as const,
  options: (entity: string, keyword: string) => ['entity', entity, 'options', keyword] as const,
};
