import { describe, expect, it } from 'vitest';
import { flattenRoutes, layoutRoutes } from '../navigation';
import { getReport, reports } from '../reports';
import { entities, getEntity } from '.';

const routes = flattenRoutes(layoutRoutes);

describe('entity registry', () => {
  it('registers each definition under its own API name', () => {
    for (const [name, def] of Object.entries(entities)) expect(def.name).toBe(name);
    expect(getEntity('banner')?.name).toBe('banner');
    expect(getEntity('toString')).toBeUndefined();
  });

  it('every entity screen of the route catalogue has a definition, with its list page as permission', () => {
    for (const route of routes) {
      const view = route.view;
      if (view?.kind !== 'entity-list' && view?.kind !== 'entity-form') continue;
      if (!getEntity(view.entity)) continue; // declared by a later issue
      if (view.kind === 'entity-list') expect(getEntity(view.entity)?.permission.menu).toBe(route.fullPath);
    }
    for (const def of Object.values(entities)) {
      const menu = routes.find((r) => r.fullPath === def.permission.menu);
      expect(menu, def.name).toBeDefined();
      const list = routes.find((r) => r.view?.kind === 'entity-list' && r.view.entity === def.name);
      // Without a generic list screen, the menu is the named page that lists the records (customer-service
      // contacts are listed on a page reached from their company's row), or, for an event table, the screen of
      // what it feeds (behaviour events are read under the search history they fill).
      if (list) expect(list.fullPath).toBe(def.permission.menu);
      else if (def.shape === 'event') expect(menu?.view?.kind, def.name).toMatch(/^(page|entity-list)$/);
      else expect(menu?.view?.kind, def.name).toBe('page');
    }
  });

  it('every report has a list route of its own, named by the report, as its menu, or a screen naming it', () => {
    for (const def of Object.values(reports)) {
      const route = routes.find((r) => r.fullPath === def.permission.menu);
      // or it is shown inside another list's screen, which names it (the search history's top keywords)
      const host = route?.view?.kind === 'entity-list' ? getEntity(route.view.entity) : undefined;
      if (host?.behaviour.screens?.['entity-list']?.includes(`report ${def.name}`)) continue;
      expect(route?.view, def.name).toEqual({ kind: 'entity-list', entity: def.name });
      expect(getReport(def.name)).toBe(def);
      expect(getEntity(def.name)).toBeUndefined();
    }
  });

  it('inherited fields name a field of the related entity; views name a registered base', () => {
    for (const def of Object.values(entities)) {
      if (def.source) expect(getEntity(def.source)?.table).toBe(def.table);
      for (const field of Object.values(def.fields)) {
        if (!field.inherit) continue;
        const via = def.fields[field.inherit.via];
        const target = via?.kind === 'relation' ? getEntity(via.to) : undefined;
        expect(target?.fields[field.inherit.field ?? ''] ?? target?.fields).toBeDefined();
      }
      for (const quota of def.quotas)
        expect(getEntity(quota.limit.entity)?.fields[quota.limit.field]).toBeDefined();
    }
  });

  it('relations point at registered entities and their label fields', () => {
    for (const def of Object.values(entities)) {
      for (const field of Object.values(def.fields)) {
        if (field.kind !== 'relation' && field.kind !== 'relationMany') continue;
        const target = getEntity(field.to);
        expect(target, `${def.name} → ${field.to}`).toBeDefined();
        expect(field.labelField in target!.fields || field.labelField in target!.pairs).toBe(true);
      }
    }
  });

  it('no field collides with a generated relation label', () => {
    for (const def of Object.values(entities)) {
      for (const [name, field] of Object.entries(def.fields)) {
        if (field.kind === 'relation') expect(def.fields[`${name}Label`]).toBeUndefined();
      }
    }
  });
});
