import { joinPath, type Language, MENU_SEARCH, type RouteNode } from '@organiser/domain';
import Fuse from 'fuse.js';

// Header search: Fuse over the routes the user may see.

export type SearchEntry = {
  path: string;
  /** Titles from the group down, in the current language: "Banner > Banner list". */
  title: string[];
  /** Tone-less pinyin of every title segment, and its initials (横幅列表 → hengfuliebiao, hflb). */
  pinyinTitle?: string[];
};

/**
 * Builds the search pool from the permitted route tree: hidden routes and their pages are left out; a group is a
 * result when it leads somewhere (a visible page), and passes its title down to its pages.
 */
export function buildSearchPool(
  tree: RouteNode[],
  lang: Language,
  parentPath = '',
  parentTitles: string[] = [],
) {
  const pool: SearchEntry[] = [];
  for (const node of tree) {
    if (node.hidden) continue;
    const path = parentPath ? joinPath(parentPath, node.path) : node.path;
    const title = [...parentTitles, node.title[lang] || node.title.en];
    const visibleChildren = (node.children ?? []).filter((c) => !c.hidden);
    if (node.children?.length) {
      if (visibleChildren.length === 0) continue;
      pool.push({ path, title });
      pool.push(...buildSearchPool(visibleChildren, lang, path, title));
    } else {
      pool.push({ path, title });
    }
  }
  return pool;
}

export type PinyinOf = { full: (text: string) => string; initials: (text: string) => string };

const hasHan = (text: string) => /\p{Script=Han}/u.test(text);

/** Gives every Chinese title segment (the group's and the page's) its pinyin, so either finds the page. */
export function addPinyin(pool: SearchEntry[], pinyin: PinyinOf): SearchEntry[] {
  return pool.map((entry) => ({
    ...entry,
    pinyinTitle: entry.title.filter(hasHan).flatMap((t) => [pinyin.full(t), pinyin.initials(t)]),
  }));
}

let pinyinLoader: Promise<PinyinOf> | null = null;

/** pinyin-pro is about 300 kB: loaded only when Chinese pinyin search is on, to keep it out of the main bundle. */
export function loadPinyin(): Promise<PinyinOf> {
  pinyinLoader ??= import('pinyin-pro').then(({ pinyin }) => ({
    full: (text: string) => pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive' }).join(''),
    initials: (text: string) =>
      pinyin(text, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' }).join(''),
  }));
  return pinyinLoader;
}

/** The Fuse index; pinyin must already be on the entries (Fuse ≥ 6 indexes at construction). */
export function createMenuSearch(pool: SearchEntry[]): (query: string) => SearchEntry[] {
  const fuse = new Fuse(pool, {
    threshold: MENU_SEARCH.threshold,
    keys: MENU_SEARCH.keys.map((k) => ({ name: k.name, weight: k.weight })),
    // Fuse's location 0 / distance 100 rejects a match far into a long path ("company_tag_list" in
    // "/company/company_tag_list" lost to "Company audit"): match anywhere instead.
    ignoreLocation: true,
    minMatchCharLength: 1,
    shouldSort: true,
  });
  return (query: string) => {
    const q = query.trim();
    if (!q) return [];
    return fuse.search(q).map((r) => r.item);
  };
}

export const searchLabel = (entry: SearchEntry) => entry.title.join(' > ');
