import { fakerEN, fakerZH_CN } from '@faker-js/faker';
import { entities } from '@organiser/domain';
import { isNull } from 'drizzle-orm';
import { entityTables } from '../../db/schema/entities';
import { insertDemoRows, type Row } from '../../engine';
import { hashPassword } from '../../security/password';
import type { SeedContext } from '../../seed';
import { DEMO_USER_COUNT, DEMO_USER_PASSWORD } from './demo-accounts';

/** About a thousand traders and buyers, half with English and half with Chinese profiles, most of them on a
 * membership package. */
export async function seedUserDemo(ctx: SeedContext): Promise<void> {
  const { db, config } = ctx;
  fakerEN.seed(20250601);
  fakerZH_CN.seed(20250601);
  const packages = entities.vip_package
    ? ((await db
        .select({ id: entityTables.vip_package!.id })
        .from(entityTables.vip_package!)
        .where(isNull(entityTables.vip_package!.deletedAt))) as { id: number }[])
    : [];
  const password = await hashPassword(DEMO_USER_PASSWORD, config.server.passwordHash);
  const rows: Row[] = [];
  const count = Math.max(20, Math.round(DEMO_USER_COUNT * (ctx.demoScale ?? 1)));
  for (let i = 0; i < count; i++) {
    const isZh = i % 2 === 1;
    const f = isZh ? fakerZH_CN : fakerEN;
    const firstName = f.person.firstName();
    const lastName = f.person.lastName();
    const number = String(i + 1).padStart(4, '0');
    rows.push({
      account: `${i % 3 === 0 ? 'trader' : 'buyer'}${number}`,
      password,
      type: i % 3 === 0 ? 'trader' : 'buyer',
      realname: isZh ? `${lastName}${firstName}` : `${firstName} ${lastName}`,
      nickname: f.internet.username().slice(0, 40),
      firstName,
      lastName,
      gender: i % 5 === 0 ? 'unknown' : i % 2 === 0 ? 'male' : 'female',
      country: isZh ? 'CN' : f.helpers.arrayElement(['US', 'GB', 'DE', 'FR', 'AU', 'CA', 'SG']),
      email: `user${number}@example.com`,
      mobile: isZh
        ? `+86 13${String(800000000 + i * 7919).slice(0, 9)}`
        : `+1 555 ${String(1000000 + i).slice(1)}`,
      company: f.company.name().slice(0, 150),
      workTitle: f.person.jobTitle().slice(0, 90),
      website: i % 4 === 0 ? `https://www.example${i}.com` : null,
      addresses: `${f.location.streetAddress()}, ${f.location.city()}`,
      bizTypeDirection: i % 2 === 0 ? 'import' : 'export',
      requireSize: f.helpers.arrayElement(['< 10k USD', '10k–100k USD', '> 100k USD']),
      vipPackageId: packages.length && i % 4 !== 3 ? packages[i % packages.length]!.id : null,
      points: (i * 37) % 500,
      status: i % 25 === 0 ? 'disabled' : 'enabled',
    });
  }
  await insertDemoRows(db, entities.user_manager!, rows);
}
