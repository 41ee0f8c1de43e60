import { validationMessage } from '@organiser/domain';
import { z } from 'zod';
import { AppError } from '../../errors';

// Roles and permissions are named in both languages. The product's API sends and answers the name as one
// object, `name: { en, zh }`; the records keep it as two fields, `nameEn` and `nameZh`.

const text = z.string().trim().min(1).max(100);
const bilingualName = z.strictObject({ en: text, zh: text });

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A body as the record fields take it: `name: { en, zh }` becomes `nameEn` and `nameZh` unless those are sent
 * themselves (a missing or empty half refused naming `name.en` or `name.zh`), the keys only answers carry (`answerOnly`) are dropped, so a
 * record sent back exactly as it was read is accepted, and '' in a field whose default is '' stands for it.
 */
export function nameBodyIn(
  body: unknown,
  options: {
    lang: 'en' | 'zh';
    answerOnly: readonly string[];
    emptyIsDefault: readonly string[];
    isNew: boolean;
  },
): unknown {
  if (!isPlainObject(body)) return body;
  const { lang } = options;
  const out = { ...body };
  // a record sent back as read carries them; a new record has none to send
  if (!options.isNew) for (const key of options.answerOnly) delete out[key];
  // The product sends '' for "none" where the record keeps '' (a menu's method, no remark): the field's default.
  for (const key of options.emptyIsDefault) {
    if (out[key] !== '') continue;
    if (options.isNew) delete out[key];
    else out[key] = null;
  }
  if (out.name === undefined) return out;
  const parsed = bilingualName.safeParse(out.name);
  if (!parsed.success) {
    throw AppError.fields(
      parsed.error.issues.map((issue) => ({
        path: ['name', ...issue.path].join('.'),
        message: validationMessage(
          issue.code === 'invalid_type' || issue.code === 'too_small' ? 'required' : 'invalid',
          lang,
        ),
      })),
    );
  }
  delete out.name;
  // a record sent back as read with one half changed carries the old pair beside it: the half sent wins
  return { nameEn: parsed.data.en, nameZh: parsed.data.zh, ...out };
}

/** The name of a record as the product's API answers it (an empty Chinese name shows the English one). */
export const bilingualOf = (record: Readonly<Record<string, unknown>>) => {
  const en = String(record.nameEn ?? '');
  return { en, zh: String(record.nameZh ?? '') || en };
};

export const nameSchema = z.object({ en: z.string(), zh: z.string() });
