import { actionList } from '../kit/machine';
import { kitMessages, resourceName } from '../kit/messages';
import type { EntityPolicy } from '../kit/policy';
import type { Bilingual, EntityDef } from '../kit/types';

// The API routes of an entity, derived from its definition: the one place their URLs are spelled. The server
// registers its routes from this list, the console builds its request URLs and permission checks from it,
// and role grants (the supplier role) name routes by key instead of matching URLs.
//
// Each route has its OpenAPI path (`/api/company_tag/{id}`) and its Fastify pattern (`/api/company_tag/:id`),
// which is also the url of its resource permission.

export const API_PREFIX = '/api';

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call a route: any signed-in user, holders of the list page's menu, or holders of a resource
 * permission under that menu (named in both languages; PATCH is granted by the PUT permission of its url). */
export type RouteAccess =
  | { kind: 'login' }
  | { kind: 'menu'; url: string }
  | { kind: 'resource'; menu: string; name: Bilingual; permissionMethod?: 'PUT' };

/** What a route does. Status actions and commands carry their name: `action:approve`, `batchAction:approve`,
 * `command:resetPassword` (one record or the entity as a whole), `batchCommand:resetPassword`. */
export type RouteKey =
  | 'list'
  | 'trash'
  | 'options'
  | 'tree'
  | 'read'
  | 'history'
  | 'export'
  | 'create'
  | 'update'
  | 'patch'
  | 'delete'
  | 'restore'
  | 'purge'
  | 'batchDelete'
  | 'revert'
  | 'import'
  | 'importCheck'
  | 'importConfirm'
  | 'reorder'
  | `action:${string}`
  | `batchAction:${string}`
  | `command:${string}`
  | `batchCommand:${string}`;

export type EntityRoute = {
  key: RouteKey;
  method: RouteMethod;
  /** OpenAPI form: `/api/company_tag/{id}`. */
  path: string;
  /** Fastify form, also the url of the route's resource permission: `/api/company_tag/:id`. */
  pattern: string;
  access: RouteAccess;
  /** The resource permission's name (writes), or null when the menu or a login is enough (reads). */
  resource: Bilingual | null;
  summary: string;
  /** The OpenAPI operation id, entity then verb (`company_list`, `company_get`, `company_audit_pass`): the
   * name a generated client gives the call. Stable while the entity and the route key are. */
  operationId: string;
};

const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The verb of a route key in its operation id: `read` → `get`, `batchAction:pass` → `batch_pass`,
 * `command:resetLoginPassword` → `reset_login_password`. */
export function operationVerb(key: RouteKey): string {
  const [kind, name] = key.split(':') as [string, string | undefined];
  if (kind === 'read') return 'get';
  if (name === undefined) return snake(kind);
  return kind.startsWith('batch') ? `batch_${snake(name)}` : snake(name);
}

/** Values for a route's parameters (`id`, `version`). */
export type RouteParams = Readonly<Record<string, string | number>>;

type RouteAdder = {
  def: EntityDef;
  base: string;
  one: Bilingual;
  add: (key: RouteKey, method: RouteMethod, pattern: string, summary: string, access?: RouteAccess) => void;
  /** A write's access: a resource of the entity's menu. */
  write: (name: Bilingual, permissionMethod?: 'PUT') => RouteAccess;
};

/** Collects an entity's routes, each with its path, access, resource and operation id. */
function routeAdder(def: EntityDef, routes: EntityRoute[]): RouteAdder {
  const menu = def.permission.menu;
  return {
    def,
    base: `${API_PREFIX}/${def.name}`,
    one: def.labels.singular,
    add: (key, method, pattern, summary, access = { kind: 'menu', url: menu }) =>
      routes.push({
        key,
        method,
        path: pattern.replace(/:([A-Za-z]\w*)/g, '{$1}'),
        pattern,
        access,
        resource: access.kind === 'resource' ? access.name : null,
        summary,
        operationId: `${def.name}_${operationVerb(key)}`,
      }),
    write: (name, permissionMethod) => ({
      kind: 'resource',
      menu,
      name,
      ...(permissionMethod ? { permissionMethod } : {}),
    }),
  };
}

/** The list, the trash, the options and tree for pickers, one record and its history. */
function addReads({ def, base, one, add }: RouteAdder) {
  add('list', 'GET', `${base}/list`, `List ${def.labels.plural.en}`);
  // A view over a soft-deleting entity reads its base's trash too (restoring stays with the base).
  if (def.softDelete) add('trash', 'GET', `${base}/trash`, `${def.labels.plural.en} in the trash`);
  add('options', 'GET', `${base}/options`, `${def.labels.plural.en} as select options`, { kind: 'login' });
  if (def.tree) add('tree', 'GET', `${base}/tree`, `${def.labels.plural.en} as a tree`, { kind: 'login' });
  add('read', 'GET', `${base}/:id`, `One ${one.en}`);
  if (def.capabilities.history) add('history', 'GET', `${base}/:id/history`, `Changes of a ${one.en}`);
}

/** Status actions (a view offers its own), one record at a time and in bulk, then the declared commands. */
function addActionsAndCommands({ def, base, one, add, write }: RouteAdder, policy?: EntityPolicy) {
  for (const action of actionList(def, policy)) {
    add(
      `action:${action.name}`,
      'POST',
      `${base}/${action.name}/:id`,
      `${action.label.en} a ${one.en}`,
      write(resourceName('action', { entity: one, action: action.label })),
    );
    add(
      `batchAction:${action.name}`,
      'POST',
      `${base}/batch/${action.name}`,
      `${action.label.en} ${def.labels.plural.en} in bulk`,
      write(resourceName('batch', { entity: one, action: action.label })),
    );
  }
  for (const [name, command] of Object.entries(def.commands)) {
    if (command.system) continue;
    const segment = command.path ?? name;
    const access: RouteAccess = {
      kind: 'resource',
      menu: command.permission?.menu ?? def.permission.menu,
      name: command.permission?.name ?? resourceName('action', { entity: one, action: command.label }),
    };
    if (command.target === 'record' || command.target === 'both')
      add(`command:${name}`, 'POST', `${base}/${segment}/:id`, `${command.label.en} a ${one.en}`, access);
    if (command.target === 'entity')
      add(`command:${name}`, 'POST', `${base}/${segment}`, `${command.label.en}`, access);
    if (command.target === 'batch' || command.target === 'both')
      add(
        `batchCommand:${name}`,
        'POST',
        `${base}/${segment}`,
        `${command.label.en} ${def.labels.plural.en} in bulk`,
        write(resourceName('batch', { entity: one, action: command.label })),
      );
  }
}

/** Create, edit, change some fields, delete, the trash's restore and purge, bulk delete, revert, reorder. */
function addWrites({ def, base, one, add, write }: RouteAdder) {
  const caps = def.capabilities;
  if (caps.create)
    add('create', 'POST', base, `Add a ${one.en}`, write(resourceName('create', { entity: one })));
  if (caps.update) {
    const update = resourceName('update', { entity: one });
    add('update', 'PUT', `${base}/:id`, `Edit a ${one.en}`, write(update));
    add('patch', 'PATCH', `${base}/:id`, `Change some fields of a ${one.en}`, write(update, 'PUT'));
  }
  if (caps.delete)
    add(
      'delete',
      'DELETE',
      `${base}/:id`,
      `Delete a ${one.en}`,
      write(resourceName('delete', { entity: one })),
    );
  if (caps.trash) {
    add(
      'restore',
      'POST',
      `${base}/restore/:id`,
      `Restore a ${one.en}`,
      write(resourceName('restore', { entity: one })),
    );
    add(
      'purge',
      'DELETE',
      `${base}/purge/:id`,
      `Delete a ${one.en} for good`,
      write(resourceName('purge', { entity: one })),
    );
  }
  if (caps.delete)
    add(
      'batchDelete',
      'POST',
      `${base}/batch/delete`,
      `Delete ${def.labels.plural.en} in bulk`,
      write(resourceName('batch', { entity: one, action: kitMessages.actionDelete })),
    );
  if (caps.history && caps.update)
    add(
      'revert',
      'POST',
      `${base}/:id/revert/:version`,
      `Revert a ${one.en} to an earlier version`,
      write(resourceName('revert', { entity: one })),
    );
  if (def.parent?.order && caps.update)
    add(
      'reorder',
      'POST',
      `${base}/reorder`,
      `Reorder the ${def.labels.plural.en} of one ${def.parent.entity}`,
      write(resourceName('action', { entity: one, action: kitMessages.actionReorder })),
    );
}

/** Export, import, and the checked import's check and confirm. */
function addTransfer({ def, base, add, write }: RouteAdder) {
  if (def.capabilities.export) add('export', 'GET', `${base}/export`, `Export ${def.labels.plural.en}`);
  if (def.capabilities.import)
    add(
      'import',
      'POST',
      `${base}/import`,
      `Import ${def.labels.plural.en}`,
      write(resourceName('import', { entity: def.labels.plural })),
    );
  if (def.checkedImport) {
    const { check, confirm } = def.checkedImport;
    add(
      'importCheck',
      'POST',
      `${base}/${check.path}`,
      `Check a file of ${def.labels.plural.en}: the per-row report and the handle that confirms it. Writes nothing`,
      write(check.label),
    );
    add(
      'importConfirm',
      'POST',
      `${base}/${confirm.path}`,
      `Write the valid rows of a checked file of ${def.labels.plural.en} (its handle), in one transaction`,
      write(confirm.label),
    );
  }
}

/**
 * Every route the API offers for an entity, in the order the server registers them. `policy` is the
 * deployment's field policy: a status action on a hidden field has no route.
 */
export function entityRoutes(def: EntityDef, policy?: EntityPolicy): EntityRoute[] {
  const routes: EntityRoute[] = [];
  const adder = routeAdder(def, routes);
  // A report is rows a query computes: its list and their export, nothing per record.
  // A report read for path parameters (`params.path`) takes them before the action: `/:userId/list`.
  if (def.shape === 'report') {
    const at = (def.report?.params.path ?? []).map((p) => `/:${p}`).join('');
    adder.add('list', 'GET', `${adder.base}${at}/list`, `${def.labels.plural.en}`);
    if (def.capabilities.export)
      adder.add('export', 'GET', `${adder.base}${at}/export`, `Export ${def.labels.plural.en}`);
    return routes;
  }
  addReads(adder);
  addActionsAndCommands(adder, policy);
  addWrites(adder);
  addTransfer(adder);
  return withOverrides(def, routes);
}

const paramsOf = (pattern: string) => [...pattern.matchAll(/:([A-Za-z]\w*)/g)].map((m) => m[1]).join(',');

/** The entity's own route overrides applied: renamed routes keep their parameters, left-out ones are gone, and
 * no two routes share a method and path. A key the entity has no route for is a definition error. */
function withOverrides(def: EntityDef, routes: EntityRoute[]): EntityRoute[] {
  const { omit, paths } = def.routes ?? { omit: [], paths: {} };
  const keys = new Set<string>(routes.map((r) => r.key));
  for (const key of [...omit, ...Object.keys(paths)])
    if (!keys.has(key)) throw new Error(`${def.name}: routes names "${key}", which is not one of its routes`);
  const out = routes
    .filter((r) => !omit.includes(r.key))
    .map((r) => {
      const path = paths[r.key];
      if (path === undefined) return r;
      const pattern = `${API_PREFIX}/${def.name}/${path}`;
      if (paramsOf(pattern) !== paramsOf(r.pattern))
        throw new Error(
          `${def.name}: the path of "${r.key}" must keep its parameters (${paramsOf(r.pattern)})`,
        );
      // a moved route is named by its new path (`permission_page`), so it never takes the name of the
      // product's own call at its old path
      const verb = path.replace(/\/?:[A-Za-z]\w*/g, '').replace(/\W+/g, '_');
      return {
        ...r,
        pattern,
        path: pattern.replace(/:([A-Za-z]\w*)/g, '{$1}'),
        operationId: `${def.name}_${verb}`,
      };
    });
  const seen = new Set<string>();
  for (const r of out) {
    const at = `${r.method} ${r.pattern.replace(/:[A-Za-z]\w*/g, ':')}`;
    if (seen.has(at)) throw new Error(`${def.name}: two routes answer ${r.method} ${r.pattern}`);
    seen.add(at);
  }
  return out;
}

/** The entity's route of that key; throws when the entity does not offer it (a console bug, not user input). */
export function entityRoute(def: EntityDef, key: RouteKey, policy?: EntityPolicy): EntityRoute {
  const route = entityRoutes(def, policy).find((r) => r.key === key);
  if (!route) throw new Error(`${def.name} has no "${key}" route`);
  return route;
}

/** A route's pattern with its parameters filled in: `fillPattern('/api/banner/:id', { id: 3 })`. */
export function fillPattern(pattern: string, params: RouteParams = {}): string {
  return pattern.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${pattern}: no value for "${name}"`);
    return encodeURIComponent(String(value));
  });
}

/** The URL to call a route of an entity: `entityUrl(def, 'list')`, `entityUrl(def, 'update', { id })`. */
export function entityUrl(def: EntityDef, key: RouteKey, params?: RouteParams): string {
  return fillPattern(entityRoute(def, key).pattern, params);
}

/**
 * The URL of a status action or command: on one record with an id, in bulk without one (an entity-wide
 * command takes no id). `delete` in bulk is the batch delete.
 */
export function actionUrl(def: EntityDef, action: string, id?: number | string): string {
  if (id !== undefined)
    return entityUrl(def, def.commands[action] ? `command:${action}` : `action:${action}`, { id });
  if (action === 'delete') return entityUrl(def, 'batchDelete');
  const command = def.commands[action];
  if (command)
    return entityUrl(def, command.target === 'entity' ? `command:${action}` : `batchCommand:${action}`);
  return entityUrl(def, `batchAction:${action}`);
}

/** The permission a route is granted by: method + url pattern, as the permission table stores it. Reads
 * (menu or login access) have none of their own. */
export function routePermission(route: EntityRoute): { method: RouteMethod; url: string } | null {
  if (route.access.kind !== 'resource') return null;
  return { method: route.access.permissionMethod ?? route.method, url: route.pattern };
}

/** The resource permissions of an entity's routes (one per method + url; PATCH shares PUT's). */
export function resourcePermissions(
  def: EntityDef,
  keys?: readonly RouteKey[],
  policy?: EntityPolicy,
): { key: RouteKey; method: RouteMethod; url: string; name: Bilingual }[] {
  return entityRoutes(def, policy)
    .filter((r) => r.access.kind === 'resource' && !r.access.permissionMethod)
    .filter((r) => !keys || keys.includes(r.key))
    .map((r) => ({ key: r.key, method: r.method, url: r.pattern, name: r.resource! }));
}
