import { describe, expect, it } from 'vitest';
import { flattenRoutes, layoutRoutes } from './index';
import table from './route-table.json';

// The console's full route table: every path exactly as the product has it (staff bookmarks, permission urls
// and the menu permissions stored per role name them), with its route name, title and highlighted list. The
// catalogue derives most entries from an entity's labels; this table is what it must derive. A new page is
// added here by hand, with the path the product gives it.

type Row = {
  fullPath: string;
  name: string;
  title: { en: string; zh: string };
  hidden?: boolean;
  activeMenu?: string;
};

const current: Row[] = flattenRoutes(layoutRoutes).map((r) => ({
  fullPath: r.fullPath,
  name: r.name,
  title: { en: r.title.en, zh: r.title.zh },
  ...(r.hidden ? { hidden: true } : {}),
  ...(r.activeMenu ? { activeMenu: r.activeMenu } : {}),
}));
const byPath = (rows: Row[]) => [...rows].sort((a, b) => a.fullPath.localeCompare(b.fullPath));

describe('the route table', () => {
  it('has every route with its path, name, title and highlighted list, and no other', () => {
    expect(byPath(current)).toEqual(byPath(table as Row[]));
  });

  it('keeps the order of the routes: the menu, and the order of the menu permissions seeded from it', () => {
    expect(current.map((r) => r.fullPath)).toEqual((table as Row[]).map((r) => r.fullPath));
  });
});
