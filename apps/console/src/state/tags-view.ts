import type { Bilingual, FlatRoute } from '@organiser/domain';
import { createStore } from './store';

// The tags view (open tabs) as pure operations. A tab is identified by its path;
// `fullPath` carries the query it had when last active, so returning to it restores the list state.

export type TagView = {
  /** Concrete pathname: `/banner/banner_edit/3` and `/banner/banner_edit/4` are two tabs. */
  path: string;
  /** Path with query string, where a click on the tab goes. */
  fullPath: string;
  name: string;
  title: Bilingual;
  affix: boolean;
  noCache: boolean;
  /** Bumped by Refresh: the page remounts with fresh state. */
  version: number;
};

export type TagsOutcome = { views: TagView[]; navigate?: string };

export function tagFor(route: FlatRoute, path: string, search = ''): TagView {
  return {
    path,
    fullPath: `${path}${search}`,
    name: route.name,
    title: route.title,
    affix: route.affix,
    noCache: route.noCache,
    version: 0,
  };
}

/** Pinned tabs (the dashboard) first, in catalogue order, added once. */
export function withAffix(views: TagView[], affix: TagView[]): TagView[] {
  const missing = affix.filter((a) => !views.some((v) => v.path === a.path));
  return missing.length ? [...missing, ...views] : views;
}

/** Opens a tab, or updates the query of the tab already open for this path. */
export function addView(views: TagView[], view: TagView): TagView[] {
  const index = views.findIndex((v) => v.path === view.path);
  if (index === -1) return [...views, view];
  const existing = views[index]!;
  if (existing.fullPath === view.fullPath && existing.title === view.title) return views;
  const next = [...views];
  next[index] = { ...existing, fullPath: view.fullPath, title: view.title };
  return next;
}

const lastOrHome = (views: TagView[]) => views.at(-1)?.fullPath ?? '/';

/** Close: when the closed tab is the current page, go to the last tab (template behaviour), else stay. */
export function closeView(views: TagView[], path: string, currentPath: string): TagsOutcome {
  const target = views.find((v) => v.path === path);
  if (!target || target.affix) return { views };
  const next = views.filter((v) => v.path !== path);
  return path === currentPath ? { views: next, navigate: lastOrHome(next) } : { views: next };
}

/** Close others: keep the pinned tabs and this one, and show this one. */
export function closeOthers(views: TagView[], path: string, currentPath: string): TagsOutcome {
  const target = views.find((v) => v.path === path);
  if (!target) return { views };
  const next = views.filter((v) => v.affix || v.path === path);
  return path === currentPath ? { views: next } : { views: next, navigate: target.fullPath };
}

/**
 * Close all: keep the pinned tabs. The decision to move looks at the page on screen, not at the tab
 * right-clicked, so no page is left open without its tab.
 */
export function closeAll(views: TagView[], currentPath: string): TagsOutcome {
  const next = views.filter((v) => v.affix);
  const isCurrentKept = next.some((v) => v.path === currentPath);
  return isCurrentKept ? { views: next } : { views: next, navigate: lastOrHome(next) };
}

export function refreshView(views: TagView[], path: string): TagView[] {
  return views.map((v) => (v.path === path ? { ...v, version: v.version + 1 } : v));
}

/** Refreshes every open page: each tab's page is rendered again. */
export function refreshAll(views: TagView[]): TagView[] {
  return views.map((v) => ({ ...v, version: v.version + 1 }));
}

/**
 * Where a menu entry (sidebar, header search) for a page goes: the tab already open for it, with the query it had
 * (its filters, page and sort), so the page shows as it was; else the page itself.
 */
export function openTarget(views: TagView[], path: string): string {
  return views.find((v) => v.path === path)?.fullPath ?? path;
}

export const tagsStore = createStore<TagView[]>([]);

/** Logout and a new login start with no open tabs. */
export const resetTags = () => tagsStore.set([]);
