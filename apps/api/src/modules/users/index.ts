import { z } from 'zod';
import type { AppModule } from '../../extensions';
import type { DemoSeed } from '../../seed';
import { accountGuard, refuseAccountInAnyCase } from './account-rules';
import {
  assignRoles,
  assignRolesBody,
  interestBody,
  resetPassword,
  resetPasswordResult,
  roleSchema,
  setInterests,
} from './accounts';
import { activationMailResult, sendActivationMail, withdrawActivationLinks } from './activation';
import { addMissingStaffRecords, refuseSupplierCreate, syncCompanyStaff, syncStaffLogin } from './login-sync';
import { usersRoutes } from './routes';
import { usersRuntime } from './runtime';
import { revokeSession, revokeSessionBody } from './sessions';

// Users and staff accounts (/user/user_list, /adminManage/admin_list): every account is a user_manager
// record (engine entity); staff accounts also have a console login kept in step by a write hook. The module
// adds the account calls beyond the record routes, the staff records of logins made elsewhere (the first
// administrator, supplier logins of companies) and the demo marketplace users.

/** The demo marketplace users. Their generator and faker load only when a database is seeded with demo data. */
export const seedUserDemo: DemoSeed['run'] = async (ctx) => (await import('./demo')).seedUserDemo(ctx);

export const usersModule: AppModule = {
  name: 'users',
  register: (ext) => {
    const runtime = usersRuntime();
    ext.routes(usersRoutes(runtime, ext.engine));
    // The account rule first, on every write of an account (record routes, import rows, status actions and
    // the commands below): a refused write is stopped before its checks and rolled back before its login is
    // touched.
    ext.hooks('user_manager', accountGuard);
    ext.command('user_manager', 'resetPassword', resetPassword(runtime), { result: resetPasswordResult });
    ext.command('user_manager', 'sendActivationMail', sendActivationMail(runtime), {
      result: activationMailResult,
    });
    ext.command('user_manager', 'assignRoles', assignRoles, {
      body: assignRolesBody,
      result: z.array(roleSchema),
    });
    ext.command('user_manager', 'setInterests', setInterests, { body: interestBody, result: interestBody });
    ext.command('user_manager', 'revokeSession', revokeSession, {
      body: revokeSessionBody,
      result: z.literal(true),
    });
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

export { randomPassword } from './accounts';
export { ACTIVATION_HOURS } from './activation';
export { DEMO_USER_COUNT, DEMO_USER_PASSWORD } from './demo-accounts';
export { addMissingStaffRecords, syncStaffLogin } from './login-sync';
export { usersRoutes } from './routes';
export { publicAddress } from './runtime';
