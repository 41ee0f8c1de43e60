import { flattenMessages, messages } from '@organiser/domain';
import { describe, expect, it } from 'vitest';
import { textNamespaces } from './namespaces';

/**
 * Latin words a Chinese text may contain: file formats, protocols and technical tokens that Chinese
 * writes as they are, key names on the keyboard (Ctrl K), and the `root` role code a person types. Anything else in a Chinese text is English
 * shown to a Chinese user.
 */
const ALLOWED = new Set([
  'ID',
  'id',
  'IP',
  'URL',
  'API',
  'api',
  'https',
  'HTML',
  'JSON',
  'CSV',
  'csv',
  'xlsx',
  'Excel',
  'UTF',
  'root',
  'PNG',
  'JPG',
  'PDF',
  'Ctrl',
  'K',
]);

/** The Latin words of a text, leaving out `{{placeholders}}` and markup tags (data, not words). */
const latinWords = (text: string) =>
  text
    .replace(/\{\{[^}]*\}\}/g, '')
    .replace(/<[^>]*>/g, '')
    .match(/[A-Za-z]+/g) ?? [];

const chineseTables = (): Record<string, Record<string, string>> => ({
  translation: flattenMessages(messages.zh),
  ...Object.fromEntries(Object.entries(textNamespaces).map(([ns, byLang]) => [ns, byLang.zh])),
});

describe('the Chinese console', () => {
  it('has no English word in its texts but the allowed technical tokens', () => {
    const found: string[] = [];
    for (const [ns, table] of Object.entries(chineseTables())) {
      for (const [key, text] of Object.entries(table)) {
        const english = latinWords(text).filter((w) => !ALLOWED.has(w));
        if (english.length > 0) found.push(`${ns}:${key} ${english.join(' ')}`);
      }
    }
    expect(found).toEqual([]);
  });
});
