export type Bilingual = { en: string; zh: string };

/** One route of the console, as data. The console builds its router and menu from these; the API seeds
 * the menu permissions from them. `path` is relative to the parent (groups start with "/"). */
export type RouteNode = {
  /** Unique route name; also the tags-view identity of the page component. */
  name: string;
  path: string;
  title: Bilingual;
  /** Ant Design icon component name, e.g. "PictureOutlined". */
  icon?: string;
  /** Not shown in the sidebar nor in header search (add/edit pages). */
  hidden?: boolean;
  /** Full path of the menu item to highlight while this route is open. */
  activeMenu?: string;
  /** Pinned tab that cannot be closed. */
  affix?: boolean;
  /** Not kept alive when its tab is in the background (form pages). */
  noCache?: boolean;
  /** Only these role codes may see the route (in addition to the permission urls). */
  roles?: string[];
  /** Where the group path itself redirects to. */
  redirect?: string;
  /** Always render as a sub-menu even with a single visible child. */
  alwaysShow?: boolean;
  /** Which screen renders the route: an entity screen ("list" | "form") or a named page. */
  view?: RouteView;
  children?: RouteNode[];
};

export type RouteView =
  | { kind: 'entity-list'; entity: string }
  | { kind: 'entity-form'; entity: string; mode: 'add' | 'edit' }
  | { kind: 'page'; page: string };

/** A route with its parent chain resolved: what the menu, breadcrumb, header search and permission seed use. */
export type FlatRoute = {
  name: string;
  fullPath: string;
  title: Bilingual;
  /** Titles from the top group down to this route (for "Banner > Banner list"). */
  titles: Bilingual[];
  icon?: string;
  hidden: boolean;
  activeMenu?: string;
  affix: boolean;
  noCache: boolean;
  roles?: string[];
  view?: RouteView;
  parentName?: string;
  isGroup: boolean;
};
