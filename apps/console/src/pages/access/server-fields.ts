import type { FormInstance } from 'antd';

type FieldErrors = { errors?: { path: string; message: string }[] } | null | undefined;

/** Shows a validation refusal's per-field messages on the form (`name.zh` → ['name', 'zh']). Returns whether
 * there were any. */
export function showFieldErrors(form: FormInstance, content: unknown): boolean {
  const errors = (content as FieldErrors)?.errors ?? [];
  if (!errors.length) return false;
  form.setFields(
    errors.map((e) => ({
      name: e.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      errors: [e.message],
    })),
  );
  return true;
}
