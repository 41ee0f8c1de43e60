import { joinPath, type Language, type RouteNode } from '@organiser/domain';
import type { MenuProps } from 'antd';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { MenuIcon } from './menu-icon';

type Item = NonNullable<MenuProps['items']>[number];

/** What an entry does with its page's address: fetch ahead what the page needs, and open it. */
export type EntryActions = { prefetch: (target: string) => void; open: (target: string) => void };

/** Entries that only link (a click is the link's own). */
const LINK_ONLY: EntryActions = { prefetch: () => {}, open: () => {} };

/**
 * The sidebar tree: hidden routes are skipped; a group whose only visible page has no
 * children of its own shows as that single page (unless `alwaysShow`); other groups become sub-menus.
 * Keys are full paths.
 */
export function buildMenuItems(
  nodes: RouteNode[],
  lang: Language,
  parentPath = '',
  targetOf: (path: string) => string = (path) => path,
  actions: EntryActions | null = null,
): Item[] {
  const items: Item[] = [];
  for (const node of nodes) {
    if (node.hidden) continue;
    const path = parentPath ? joinPath(parentPath, node.path) : node.path;
    const title = node.title[lang] || node.title.en;
    const visible = (node.children ?? []).filter((c) => !c.hidden);
    if (node.children?.length) {
      if (visible.length === 0) continue;
      const only = visible[0]!;
      if (visible.length === 1 && !node.alwaysShow && !only.children?.some((c) => !c.hidden)) {
        const childPath = joinPath(path, only.path);
        items.push(
          leaf(childPath, only.title[lang] || only.title.en, only.icon ?? node.icon, targetOf, actions),
        );
        continue;
      }
      items.push({
        key: path,
        icon: <MenuIcon name={node.icon} />,
        label: <span title={title}>{title}</span>,
        children: buildMenuItems(visible, lang, path, targetOf, actions),
      });
      continue;
    }
    items.push(leaf(path, title, node.icon, targetOf, actions));
  }
  return items;
}

/** A page's entry: its key is the page's path; its link goes to the page's open tab as it was, if any. */
function leaf(
  path: string,
  title: string,
  icon: string | undefined,
  targetOf: (path: string) => string,
  actions: EntryActions | null,
): Item {
  const target = targetOf(path);
  const { prefetch, open } = actions ?? LINK_ONLY;
  const ahead = () => prefetch(target);
  // a plain click opens the page once what it needs is there (use-prefetch-route.ts); a click with a modifier key
  // or another button is the link's own (a new tab or window)
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!actions || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    open(target);
  };
  return {
    key: path,
    icon: <MenuIcon name={icon} />,
    label: (
      // pointing at or pressing the entry starts fetching the page (see use-prefetch-route.ts)
      // the whole name on hover: a long one is cut to the sidebar's width
      <Link
        to={target}
        className="app-menu-link"
        title={title}
        tabIndex={-1}
        onPointerEnter={ahead}
        onPointerDown={ahead}
        onClick={onClick}
      >
        {title}
      </Link>
    ),
    title,
  };
}

/** Key prefix of the entries linking out of the console. */
export const LINK_KEY = 'link:';

type LinkPermission = {
  id: number;
  type: string;
  url: string;
  icon: string | null;
  name: { en: string; zh: string };
};

/** Menu permissions an administrator added that link out of the console (`https://…`): entries of their own
 * after the console's pages, opening in a new tab. */
export function externalLinkItems(permissions: readonly LinkPermission[], lang: Language): Item[] {
  return permissions
    .filter((p) => p.type === 'menu' && /^https?:\/\//.test(p.url))
    .map((p) => {
      const title = p.name[lang] || p.name.en;
      return {
        key: `${LINK_KEY}${p.id}`,
        icon: <MenuIcon name={p.icon ?? undefined} />,
        label: (
          <a href={p.url} target="_blank" rel="noopener noreferrer" className="app-menu-link" tabIndex={-1}>
            {title}
          </a>
        ),
        title,
      };
    });
}

/** Keys of the sub-menus on the way to a menu key (for the sub-menus to open). */
export function ancestorKeys(items: Item[], key: string, trail: string[] = []): string[] | null {
  for (const item of items) {
    if (!item || !('key' in item)) continue;
    if (item.key === key) return trail;
    if ('children' in item && item.children) {
      const found = ancestorKeys(item.children as Item[], key, [...trail, String(item.key)]);
      if (found) return found;
    }
  }
  return null;
}
