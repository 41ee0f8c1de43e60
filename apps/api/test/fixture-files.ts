import { entities, type FieldDef } from '@organiser/domain';
import { upload } from '../src/db/schema/uploads';
import type { AppModule } from '../src/extensions';

// Test bodies name files such as `demo/logo-3.png` without uploading them first. Every file a write names must
// be an upload that fits its field, so this module (in every test app, see createTestApp) records each such
// `demo/…` name in the uploads table, as an organiser's small upload of the type its extension says, before
// the write is checked. Other names (real upload keys, a missing file a test sends on purpose) are left alone.

const TYPES: Record<string, { contentType: string; kind: 'image' | 'video' | 'file' }> = {
  png: { contentType: 'image/png', kind: 'image' },
  jpg: { contentType: 'image/jpeg', kind: 'image' },
  mp4: { contentType: 'video/mp4', kind: 'video' },
  pdf: { contentType: 'application/pdf', kind: 'file' },
};

const FILE_KINDS = new Set(['image', 'images', 'video', 'attachments']);

function namedFiles(fields: Record<string, FieldDef>, body: unknown): string[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
  const out: string[] = [];
  for (const [name, value] of Object.entries(body)) {
    const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (!field || !FILE_KINDS.has(field.kind)) continue;
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) {
      const key = typeof item === 'string' ? item : (item as { url?: unknown } | null)?.url;
      if (typeof key === 'string' && key.startsWith('demo/')) out.push(key);
    }
  }
  return out;
}

export const fixtureFiles: AppModule = {
  name: 'fixture-files',
  register: (ext) => {
    for (const def of Object.values(entities)) {
      if (!Object.values(def.fields).some((f) => FILE_KINDS.has(f.kind))) continue;
      ext.hooks(def.name, {
        beforeValidate: async (ctx, body) => {
          const rows = namedFiles(def.fields, body).flatMap((path) => {
            const type = TYPES[path.split('.').pop() ?? ''];
            return type ? [{ path, storage: 'local' as const, size: 1000, ...type }] : [];
          });
          if (rows.length) await ctx.db.insert(upload).values(rows).onConflictDoNothing();
          return body;
        },
      });
    }
  },
};
