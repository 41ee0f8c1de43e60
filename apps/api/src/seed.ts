import { ROOT_ROLE } from '@organiser/domain';
import { and, count, eq, inArray, or } from 'drizzle-orm';
import type { AppConfig } from './config/load';
import type { Db } from './db/client';
import { adminUser, permission, role, rolePermission, userRole } from './db/schema';
import { hashPassword } from './security/password';
import { StartupError } from './startup-error';

// An empty database gets the `root` role and a root account (ADMIN_ACCOUNT / ADMIN_PASSWORD,
// admin / admin123 outside production), plus, with demo data on, an `editor` role and account and whatever
// demo data the modules register (extensions.ts).

export type SeedContext = {
  db: Db;
  config: AppConfig;
  log: (message: string) => void;
  /** Share of the demo volume the large demo seeds write (1, the default: all of it). A test that needs only a
   * record of each kind passes a small share. */
  demoScale?: number;
  /** A line for the first start's summary the server prints beside the demo accounts (a demo API key): never
   * written to the log. */
  announce?: (line: string) => void;
};

/** Demo data of a module, run once on an empty database when DEMO_DATA is on, in registration order. */
export type DemoSeed = { name: string; run: (ctx: SeedContext) => Promise<void> };

/**
 * Reference data a module needs to work at all (e.g. the region list), whatever DEMO_DATA says. Each run is
 * idempotent (it fills its tables only when they are empty) and runs on every start, before the first-start
 * seed, so a database created before the module existed gets its data too, and once more after a first-start
 * seed (for data that follows the accounts it made).
 */
export type ReferenceSeed = { name: string; run: (ctx: SeedContext) => Promise<void> };

/** The seeds the modules registered (apps/api/src/extensions.ts), in registration order. */
export type ModuleSeeds = { reference: readonly ReferenceSeed[]; demo: readonly DemoSeed[] };

/** Runs every registered reference seed, in registration order. */
export async function seedReferenceData(ctx: SeedContext, seeds: ModuleSeeds): Promise<void> {
  for (const seed of seeds.reference) await seed.run(ctx);
}

export const DEFAULT_ADMIN_PASSWORD = 'admin123';
export const DEMO_EDITOR = { account: 'editor', password: 'editor123' } as const;

/** Menus (and the resources under them) the demo `editor` role holds: banners and company tags. */
const EDITOR_MENUS = [
  '/banner',
  '/banner/banner_list',
  '/banner/banner_add',
  '/banner/banner_edit/:id',
  '/banner/banner_position_list',
  '/banner/banner_position_add',
  '/banner/banner_position_edit/:id',
  '/company',
  '/company/company_tag_list',
  '/company/company_tag/company_tag_add',
  '/company/company_tag/company_tag_edit/:id',
];

export type SeedOptions = {
  /** Demo accounts (editor); default: the DEMO_DATA setting. */
  demoAccounts?: boolean;
  /** Registered module demo seeds; default: the DEMO_DATA setting. */
  demoData?: boolean;
};

export type SeedResult = {
  seeded: boolean;
  admin?: { account: string; password: string | null };
  /** What the demo seeds announced (a demo API key), printed once at first start. */
  announced?: string[];
};

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(adminUser);
  return Number(row?.n ?? 0) === 0;
}

async function createRole(db: Db, name: string, nameZh: string, code: string): Promise<number> {
  const [row] = await db
    .insert(role)
    .values({ nameEn: name, nameZh, code })
    .onConflictDoUpdate({ target: role.code, set: { nameEn: name, nameZh } })
    .returning({ id: role.id });
  return row!.id;
}

async function createAccount(
  ctx: SeedContext,
  args: { account: string; password: string; nickname: string; roleId: number },
): Promise<void> {
  const passwordHash = await hashPassword(args.password, ctx.config.server.passwordHash);
  const [user] = await ctx.db
    .insert(adminUser)
    .values({ account: args.account, passwordHash, nickname: args.nickname, type: 'admin' })
    .returning({ id: adminUser.id });
  await ctx.db.insert(userRole).values({ userId: user!.id, roleId: args.roleId });
}

export async function seedIfEmpty(
  ctx: SeedContext,
  options: SeedOptions = {},
  seeds: ModuleSeeds = { reference: [], demo: [] },
): Promise<SeedResult> {
  const { db, config } = ctx;
  await seedReferenceData(ctx, seeds);
  if (!(await isDatabaseEmpty(db))) return { seeded: false };
  const { server } = config;
  if (server.isProduction && !server.adminPassword) {
    throw new StartupError(
      'ADMIN_PASSWORD: required in production to create the first account (the database has no account yet)',
    );
  }
  const password = server.adminPassword ?? DEFAULT_ADMIN_PASSWORD;
  const rootId = await createRole(db, 'Administrator', '超级管理员', ROOT_ROLE);
  await createAccount(ctx, {
    account: server.adminAccount,
    password,
    nickname: 'Administrator',
    roleId: rootId,
  });
  ctx.log(`created the root account ${server.adminAccount}`);

  if (options.demoAccounts ?? server.demoData) {
    const editorId = await createRole(db, 'Editor', '编辑', 'editor');
    const menus = await db
      .select({ id: permission.id })
      .from(permission)
      .where(and(eq(permission.type, 'menu'), inArray(permission.url, EDITOR_MENUS)));
    const menuIds = menus.map((m) => m.id);
    const granted = menuIds.length
      ? await db
          .select({ id: permission.id })
          .from(permission)
          .where(
            or(
              inArray(permission.id, menuIds),
              and(eq(permission.type, 'resource'), inArray(permission.parentId, menuIds)),
            ),
          )
      : [];
    if (granted.length) {
      await db
        .insert(rolePermission)
        .values(granted.map((p) => ({ roleId: editorId, permissionId: p.id })))
        .onConflictDoNothing();
    }
    await createAccount(ctx, {
      account: DEMO_EDITOR.account,
      password: DEMO_EDITOR.password,
      nickname: 'Editor',
      roleId: editorId,
    });
    ctx.log(`created the demo account ${DEMO_EDITOR.account}`);
  }
  const announced: string[] = [];
  if (options.demoData ?? server.demoData) {
    const demoCtx: SeedContext = { ...ctx, announce: (line) => void announced.push(line) };
    for (const seed of seeds.demo) {
      await seed.run(demoCtx);
      ctx.log(`demo data: ${seed.name}`);
    }
  }
  // The reference seeds fill in what depends on the accounts just made (each login's staff record), so a
  // new data folder is complete without a restart.
  await seedReferenceData(ctx, seeds);
  return {
    seeded: true,
    admin: { account: server.adminAccount, password: server.adminPassword ? null : password },
    ...(announced.length ? { announced } : {}),
  };
}
