import type { Lang } from '../errors';
import { kitMessages } from './messages';
import type { EntityDef, EnumOption, TagColor } from './types';

// A record moved by an "enabled / disabled" machine and an "online / offline" machine (a banner) has one state a
// visitor sees: shown online only when enabled and online. Lists show that one state instead of two tags that
// can read "Disabled" and "Online" at once.

type StatusColumn = { name: string; isStatus: boolean; options?: readonly EnumOption[] };

const hasValues = (c: StatusColumn, values: string[]) =>
  c.isStatus && values.every((v) => c.options?.some((o) => o.value === v));

/** The enable gate and the online state among a list's columns, when it shows both. */
export function visibilityColumns<C extends StatusColumn>(
  columns: readonly C[],
): { gate: C; state: C } | null {
  const gate = columns.find((c) => hasValues(c, ['enabled', 'disabled']));
  const state = columns.find((c) => hasValues(c, ['online', 'offline']));
  return gate && state ? { gate, state } : null;
}

/** What a visitor sees of a record: "Online", "Offline", or "Disabled" (a disabled record is not shown, whatever
 * its online state; enabling it again brings that state back). */
export function visibilityStatus(
  columns: { gate: StatusColumn; state: StatusColumn },
  record: Record<string, unknown>,
  lang: Lang,
): { text: string; color: TagColor } {
  const state = columns.state.options?.find((o) => o.value === record[columns.state.name]);
  const gate = columns.gate.options?.find((o) => o.value === record[columns.gate.name]);
  if (record[columns.gate.name] === 'disabled')
    return { text: gate?.label[lang] ?? kitMessages.statusDisabled[lang], color: 'default' };
  return {
    text: state?.label[lang] ?? String(record[columns.state.name] ?? ''),
    color: state?.color ?? 'default',
  };
}

/** The enable gate and the online state among an entity's status fields, when it has both (a banner). */
export function visibilityFields(def: EntityDef): { gate: string; state: string } | null {
  const fields = Object.entries(def.fields).map(([name, field]) => ({
    name,
    isStatus: field.kind === 'enum' && Boolean(field.machine),
    options: field.kind === 'enum' ? field.options : undefined,
  }));
  const pair = visibilityColumns(fields);
  return pair ? { gate: pair.gate.name, state: pair.state.name } : null;
}
