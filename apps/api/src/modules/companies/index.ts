import type { Engine } from '../../engine';
import type { AppModule } from '../../extensions';
import type { DemoSeed } from '../../seed';
import { checkLocation } from './location';
import { companyContactsRoute } from './open-contacts';
import {
  DEMO_SUPPLIER,
  ensureSupplierRole,
  resetLoginPassword,
  SUPPLIER_MENUS,
  SUPPLIER_ROLE,
  syncSupplierLogin,
} from './supplier-login';

// Suppliers: companies, their categories, packages, audit and contacts are engine entities
// (packages/domain/src/entities); this module adds what is more than their definitions say — the company's
// location checked against the region list, its supplier login, the supplier role, and the demo suppliers.

/** The demo suppliers. Their generators and faker load only when a database is seeded with demo data. */
const seedSupplierDemo =
  (engine: Engine): DemoSeed['run'] =>
  async (ctx) =>
    (await import('./demo')).seedSupplierDemo(ctx, engine);

export const companiesModule: AppModule = {
  name: 'companies',
  register: (ext) => {
    ext.hooks('company', { beforeWrite: checkLocation, afterWrite: syncSupplierLogin });
    ext.command('company', 'resetLoginPassword', resetLoginPassword);
    // The contact becomes its company's default: the exclusive flag moves to it from the others.
    ext.command('customer_service', 'setDefault', async () => ({ set: { isDefault: true } }));
    // Every deployment needs the role its supplier logins get, demo data or not.
    ext.referenceSeed({
      name: 'supplier-role',
      run: ({ db }) => ensureSupplierRole(db).then(() => undefined),
    });
    ext.demoSeed({ name: 'suppliers', run: seedSupplierDemo(ext.engine) });
    // The marketplace reads a company's customer-service contacts (/api/open/v1/companies/{id}/contacts).
    ext.openRoute(companyContactsRoute);
  },
};

export { DEMO_SUPPLIER, ensureSupplierRole, SUPPLIER_MENUS, SUPPLIER_ROLE, seedSupplierDemo };
