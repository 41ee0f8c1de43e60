import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  CHINESE_LATIN_ALLOWED,
  entities,
  flattenMessages,
  latinWords,
  layoutRoutes,
  messages,
  reports,
} from '@organiser/domain';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { textNamespaces } from './namespaces';

const ALLOWED = CHINESE_LATIN_ALLOWED;

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

/** Every `{ en, zh }` pair under a value (a definition, the route catalogue), by its path; field names that
 * spell a pair (`pairs: { name: { en: 'enName', zh: 'zhName' } }`) are not texts. */
function bilingualTexts(value: unknown, path: string, out: [string, string][] = []): [string, string][] {
  if (!value || typeof value !== 'object') return out;
  const o = value as Record<string, unknown>;
  if (typeof o.en === 'string' && typeof o.zh === 'string') {
    out.push([path, o.zh]);
    return out;
  }
  for (const [k, v] of Object.entries(o)) if (k !== 'pairs') bilingualTexts(v, `${path}.${k}`, out);
  return out;
}

/** The console's source files that render (tests and test helpers left out). */
function renderedSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : renderedSources(path);
    return path.endsWith('.tsx') && !path.endsWith('.test.tsx') ? [path] : [];
  });
}

/** Props whose string is shown to the user (or read out by a screen reader). */
const SHOWN_PROPS = new Set(['title', 'aria-label', 'placeholder', 'alt', 'label', 'okText', 'cancelText']);

describe('the Chinese screens', () => {
  it('name every entity, field, state, action, report and menu in Chinese', () => {
    const texts = [
      ...bilingualTexts(entities, 'entities'),
      ...bilingualTexts(reports, 'reports'),
      ...bilingualTexts(layoutRoutes, 'routes'),
    ];
    expect(texts.length).toBeGreaterThan(500);
    const english = texts
      .map(([path, zh]) => [path, latinWords(zh).filter((w) => !ALLOWED.has(w))] as const)
      .filter(([, words]) => words.length > 0)
      .map(([path, words]) => `${path} ${words.join(' ')}`);
    expect(english).toEqual([]);
  });

  it('render no English written into a component: every shown text comes from the texts', () => {
    const root = join(__dirname, '..');
    const found: string[] = [];
    for (const file of renderedSources(root)) {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const at = (node: ts.Node) =>
        `${relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      const visit = (node: ts.Node) => {
        if (ts.isJsxText(node) && latinWords(node.text).length > 0)
          found.push(`${at(node)} ${node.text.trim()}`);
        if (
          ts.isJsxAttribute(node) &&
          node.initializer &&
          ts.isStringLiteral(node.initializer) &&
          SHOWN_PROPS.has(node.name.getText(source)) &&
          latinWords(node.initializer.text).length > 0
        )
          found.push(`${at(node)} ${node.name.getText(source)}="${node.initializer.text}"`);
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(found).toEqual([]);
  });
});
