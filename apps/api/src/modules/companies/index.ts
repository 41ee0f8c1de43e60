import { type DemoSeed, registerDemoSeed, registerReferenceSeed } from '../../db/seed';
import { registerEntityHooks } from '../../engine/hooks';
import { checkLocation } from './location';
import {
  DEMO_SUPPLIER,
  ensureSupplierRole,
  SUPPLIER_MENUS,
  SUPPLIER_ROLE,
  syncSupplierLogin,
} from './supplier-login';

// Suppliers (issue 5): companies, their categories, packages, audit and contacts are engine entities
// (packages/domain/src/entities); this module adds what is more than their definitions say — the company's
// location checked against the region list, its supplier login, the supplier role, and the demo suppliers.

registerEntityHooks('company', { prepare: checkLocation, afterWrite: syncSupplierLogin });

// Every deployment needs the role its supplier logins get, demo data or not.
registerReferenceSeed({
  name: 'supplier-role',
  run: ({ db }) => ensureSupplierRole(db).then(() => undefined),
});

/** The demo suppliers. Their generators and faker load only when a database is seeded with demo data. */
const seedSupplierDemo: DemoSeed['run'] = async (ctx) => (await import('./demo')).seedSupplierDemo(ctx);

registerDemoSeed({ name: 'suppliers', run: seedSupplierDemo });

export { DEMO_SUPPLIER, ensureSupplierRole, SUPPLIER_MENUS, SUPPLIER_ROLE, seedSupplierDemo };
