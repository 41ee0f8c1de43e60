import { en } from './en';
import type { Messages } from './types';
import { zh } from './zh';

export { CHINESE_LATIN_ALLOWED, latinWords } from './latin';
export type { Messages, MessageTree } from './types';
export { en as enMessages, zh as zhMessages };

/** The console's message catalogues by language: English and Chinese. */
export const messages = { en, zh } as const satisfies Record<'en' | 'zh', Messages>;

type Tree = { [key: string]: string | Tree };

/** Flattens a catalogue into dotted keys: `{ login: { account: 'Account' } }` → `{ 'login.account': 'Account' }`. */
export function flattenMessages(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flattenMessages(value, path));
  }
  return out;
}

/** Keys present in one catalogue and missing in the other, each side listed. */
export function catalogueDifferences(a: Tree, b: Tree): { onlyInA: string[]; onlyInB: string[] } {
  const ka = Object.keys(flattenMessages(a));
  const kb = Object.keys(flattenMessages(b));
  const sb = new Set(kb);
  const sa = new Set(ka);
  return { onlyInA: ka.filter((k) => !sb.has(k)), onlyInB: kb.filter((k) => !sa.has(k)) };
}

/** `{{name}}` placeholders used by a message, sorted. */
export function placeholdersOf(message: string): string[] {
  return [...message.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!).sort();
}
