import type { UploadRule } from '@organiser/domain';

// Upload limits (count, size, type), checked in the browser BEFORE anything is sent, so a file that breaks
// them is not uploaded first; the server checks them again.

export type FileLike = { name: string; size: number; type: string };

export type FileProblem = { reason: 'tooLarge' | 'badType'; file: FileLike };

/** A field's limits within the deployment's own limits for that kind of file (the stricter of the two). */
export function effectiveRule(
  rule: UploadRule,
  deployment: { maxBytes: number; types: readonly string[] },
): UploadRule {
  const types = rule.types.filter((t) => deployment.types.includes(t));
  return {
    ...rule,
    maxBytes: Math.min(rule.maxBytes, deployment.maxBytes),
    types: types.length ? types : rule.types,
  };
}

/** Would these newly chosen files take the field past its count? ("the current limit is exceeded") */
export const exceedsCount = (input: { current: number; chosen: number; maxCount: number }) =>
  input.current + input.chosen > input.maxCount;

const sameType = (a: string, b: string) =>
  a === b || (a === 'image/jpg' && b === 'image/jpeg') || (a === 'image/jpeg' && b === 'image/jpg');

/** The first problem of one file, or null. */
export function checkFile(file: FileLike, rule: Pick<UploadRule, 'maxBytes' | 'types'>): FileProblem | null {
  if (!rule.types.some((t) => sameType(t, file.type.toLowerCase()))) return { reason: 'badType', file };
  if (file.size > rule.maxBytes) return { reason: 'tooLarge', file };
  return null;
}

const TYPE_NAMES: Record<string, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPG',
  'image/jpg': 'JPG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'video/mp4': 'MP4',
  'application/pdf': 'PDF',
  'application/zip': 'ZIP',
  'text/csv': 'CSV',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
};

const EXTENSIONS: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg,.jpeg',
  'image/jpg': '.jpg,.jpeg',
  'video/mp4': '.mp4',
};

/** Short names of the allowed types: "PNG, JPG". */
export function typeNames(types: readonly string[]): string {
  return [...new Set(types.map((t) => TYPE_NAMES[t] ?? t.split('/').pop()!.toUpperCase()))].join(', ');
}

/** The file picker's `accept`: the MIME types and their usual extensions. */
export function acceptOf(types: readonly string[]): string {
  return [...new Set(types.flatMap((t) => [t, ...(EXTENSIONS[t]?.split(',') ?? [])]))].join(',');
}
