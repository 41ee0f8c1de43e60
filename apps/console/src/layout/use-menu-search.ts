import type { RouteNode } from '@organiser/domain';
import { useEffect, useState } from 'react';
import { useLang } from '../i18n/use-lang';
import {
  addPinyin,
  buildSearchPool,
  createMenuSearch,
  loadPinyin,
  type SearchEntry,
} from '../navigation/menu-search';

type Search = (query: string) => SearchEntry[];

/**
 * The header search index over the permitted routes, rebuilt when the routes, the language or the pinyin setting
 * change. In Chinese with pinyin on, pinyin-pro is loaded first and the pinyin added before the index is built.
 */
export function useMenuSearch(tree: RouteNode[], isPinyinOn: boolean): Search {
  const lang = useLang();
  const [search, setSearch] = useState<Search>(() => createMenuSearch(buildSearchPool(tree, lang)));
  useEffect(() => {
    const pool = buildSearchPool(tree, lang);
    if (lang !== 'zh' || !isPinyinOn) {
      setSearch(() => createMenuSearch(pool));
      return;
    }
    let isCurrent = true;
    setSearch(() => createMenuSearch(pool));
    void loadPinyin().then((pinyin) => {
      if (isCurrent) setSearch(() => createMenuSearch(addPinyin(pool, pinyin)));
    });
    return () => {
      isCurrent = false;
    };
  }, [tree, lang, isPinyinOn]);
  return search;
}
