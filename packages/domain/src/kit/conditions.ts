import type { EntityDef, FieldDef } from './types';

// Kind-dependent fields (`onlyWhen`): a field that belongs to a record only while another field of the same
// record holds one of the listed values (a product kind's own fields). Shared by the server's writes, the
// console's forms and the import and export of records, so all of them agree on which fields a record has.

/** Whether the field belongs to the record: it has no condition, or its condition's field holds one of the
 * condition's values. An absent or empty condition field does not hold. */
export function isApplicable(field: FieldDef, record: Record<string, unknown>): boolean {
  if (!field.onlyWhen) return true;
  const value = record[field.onlyWhen.field];
  return field.onlyWhen.in.some((v) => v === value);
}

/** Names of the fields that belong to the record, in declared order: every field without a condition and
 * the kind-dependent fields whose condition holds. An import reads and an export writes only these; the
 * other kind-dependent fields of the row are left empty. */
export function applicableFields(def: EntityDef, record: Record<string, unknown>): string[] {
  return Object.entries(def.fields)
    .filter(([, field]) => isApplicable(field, record))
    .map(([name]) => name);
}

/** Names of the kind-dependent fields whose condition does not hold on the record. When `known` is set, a
 * field counts only when the record carries its condition's field (a partial update body that does not name
 * the kind says nothing about the kind-dependent fields). */
export function inapplicableFields(
  def: EntityDef,
  record: Record<string, unknown>,
  options: { known?: boolean } = {},
): string[] {
  return Object.entries(def.fields)
    .filter(
      ([, field]) =>
        field.onlyWhen &&
        !(options.known && !(field.onlyWhen.field in record)) &&
        !isApplicable(field, record),
    )
    .map(([name]) => name);
}
