import type { FieldInput } from './types';

/**
 * Fields that belong to one form group, declared together: `...inGroup('spec', { model: …, power: … })` puts
 * each of them in the group (`form.group`), so a definition reads group by group and no field repeats its
 * group. The group itself (its label, its place among the groups) is declared in the entity's `groups`; an
 * unknown group fails the definition like any other mistake.
 */
export function inGroup<const F extends Record<string, FieldInput>>(group: string, fields: F): F {
  const out: Record<string, FieldInput> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (field.form?.group && field.form.group !== group)
      throw new Error(
        `Field "${name}" is declared in group "${group}" but names group "${field.form.group}"`,
      );
    out[name] = { ...field, form: { group, ...field.form } };
  }
  return out as F;
}
