/**
 * The rows of a raw statement's result (`db.execute`): node-postgres and the embedded database both answer
 * `{ rows }`; a result that is the rows themselves is read as it is.
 */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows?: T[] }).rows ?? [];
}
