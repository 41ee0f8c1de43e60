import type { Envelope, ValidationContent } from '@organiser/domain';
import type { FormInstance } from 'antd';

type FieldData<V> = Parameters<FormInstance<V>['setFields']>[0][number];

/**
 * A refusal that carries field errors (`content.errors: [{path, message}]`, messages already in the user's
 * language) as antd form field data, so each message shows on its field.
 */
export function serverFieldErrors<V = unknown>(res: Envelope<unknown>): FieldData<V>[] {
  const content = res.content as Partial<ValidationContent> | { field?: string | null } | null;
  if (!content || typeof content !== 'object') return [];
  if ('errors' in content && Array.isArray(content.errors)) {
    const byPath = new Map<string, string[]>();
    for (const e of content.errors) byPath.set(e.path, [...(byPath.get(e.path) ?? []), e.message]);
    return [...byPath].map(
      ([path, errors]) =>
        ({ name: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), errors }) as FieldData<V>,
    );
  }
  if ('field' in content && content.field)
    return [{ name: [content.field], errors: [res.message] } as FieldData<V>];
  return [];
}

/** Human size for limits: 2097152 → "2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
