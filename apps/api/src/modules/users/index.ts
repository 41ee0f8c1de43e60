import type { AppModule } from '../../extensions';
import type { DemoSeed } from '../../seed';
import { guardAccountChange, guardAccountWrite, refuseAccountInAnyCase } from './account-rules';
import { withdrawActivationLinks } from './activation';
import { addMissingStaffRecords, refuseSupplierCreate, syncCompanyStaff, syncStaffLogin } from './login-sync';
import { usersRoutes } from './routes';

// Users and staff accounts (/user/user_list, /adminManage/admin_list): every account is a user_manager
// record (engine entity); staff accounts also have a console login kept in step by a write hook. The module
// adds the account calls beyond the record routes, the staff records of logins made elsewhere (the first
// administrator, supplier logins of companies) and the demo marketplace users.

/** The demo marketplace users. Their generator and faker load only when a database is seeded with demo data. */
export const seedUserDemo: DemoSeed['run'] = async (ctx) => (await import('./demo')).seedUserDemo(ctx);

export const usersModule: AppModule = {
  name: 'users',
  register: (ext) => {
    ext.routes(usersRoutes(ext));
    // The account rule first: a refused write is stopped before its checks and rolled back before its login
    // is touched.
    ext.hooks('user_manager', { beforeWrite: guardAccountChange, afterWrite: guardAccountWrite });
    ext.hooks('user_manager', { beforeWrite: refuseAccountInAnyCase });
    ext.hooks('user_manager', { beforeWrite: refuseSupplierCreate, afterWrite: syncStaffLogin });
    // a changed email withdraws the activation links mailed to the old one
    ext.hooks('user_manager', { afterWrite: withdrawActivationLinks });
    // A company write may have made a supplier login: it gets its staff record in the same transaction.
    ext.hooks('company', { afterWrite: syncCompanyStaff });
    ext.referenceSeed({ name: 'staff-records', run: ({ db }) => addMissingStaffRecords(db) });
    ext.demoSeed({ name: 'users', run: seedUserDemo });
  },
};

export { ACTIVATION_HOURS, publicAddress } from './activation';
export { DEMO_USER_COUNT, DEMO_USER_PASSWORD } from './demo-accounts';
export { addMissingStaffRecords, syncStaffLogin } from './login-sync';
export { randomPassword, usersRoutes } from './routes';
