import { apiKey, OPEN_SCOPES } from '@organiser/domain';
import { z } from 'zod';
import { type CommandHandler, insertDemoRows } from '../../engine';
import type { AppModule } from '../../extensions';
import { newApiKey, storeSecret } from '../../open/keys';
import type { DemoSeed } from '../../seed';

// API keys of the marketplace-facing API (/systemManage/api_key_list): the `issue` command that makes a key's
// secret. The routes themselves are served by open/serve.ts.

const issueResult = z.object({ key: z.string(), prefix: z.string() });

/** `POST /api/api_key/issue/{id}`: a new secret (the one issued before stops working), answered once; only its
 * sha-256 hash is stored, apart from the record. History records the new prefix. */
const issueKey: CommandHandler = async (tx, _ctx, { row }) => {
  const made = newApiKey();
  await storeSecret(tx, Number(row!.id), made.secretHash);
  return { set: { prefix: made.prefix }, result: { key: made.key, prefix: made.prefix } };
};

/** Demo data: one key of the demo marketplace with every scope, printed once beside the demo accounts (its
 * secret is written nowhere else). */
export const seedDemoKey: DemoSeed['run'] = async (ctx) => {
  const made = newApiKey();
  const [row] = await insertDemoRows(ctx.db, apiKey, [
    { name: 'Demo marketplace', scopes: [...OPEN_SCOPES], prefix: made.prefix, status: 'active' },
  ]);
  await storeSecret(ctx.db, Number(row!.id), made.secretHash);
  ctx.announce?.(`demo marketplace API key (all scopes): ${made.key}`);
};

export const openModule: AppModule = {
  name: 'open',
  register: (ext) => {
    ext.command('api_key', 'issue', issueKey, { result: issueResult });
    ext.demoSeed({ name: 'api-key', run: seedDemoKey });
  },
};
