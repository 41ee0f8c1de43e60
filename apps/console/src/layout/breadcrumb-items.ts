import { dashboardRoute, type FlatRoute, type Language } from '@organiser/domain';

export type Crumb = { title: string; to?: string };

/**
 * Breadcrumb: always starts at Dashboard; a group links to its first page; a hidden
 * add/edit page shows the list it belongs to, as a link; the last crumb is plain text.
 */
export function buildCrumbs(
  route: FlatRoute,
  flat: FlatRoute[],
  lang: Language,
  groupRedirects: Map<string, string>,
) {
  const byName = new Map(flat.map((r) => [r.name, r]));
  const chain: FlatRoute[] = [];
  for (let r: FlatRoute | undefined = route; r; r = r.parentName ? byName.get(r.parentName) : undefined) {
    chain.unshift(r);
  }
  const title = (r: FlatRoute) => r.title[lang] || r.title.en;
  const crumbs: Crumb[] = [];
  if (route.name !== dashboardRoute.name) {
    crumbs.push({ title: dashboardRoute.title[lang], to: dashboardRoute.path });
  }
  for (const r of chain) {
    if (r === route) break;
    crumbs.push({ title: title(r), to: r.isGroup ? groupRedirects.get(r.fullPath) : r.fullPath });
  }
  if (route.activeMenu && route.activeMenu !== route.fullPath) {
    const list = flat.find((r) => r.fullPath === route.activeMenu);
    if (list && !chain.includes(list)) crumbs.push({ title: title(list), to: list.fullPath });
  }
  crumbs.push({ title: title(route) });
  // a group titled like its only page ("Profile > Profile") shows once
  return crumbs.filter((c, i) => crumbs[i + 1]?.title !== c.title);
}
