import { type PublicConfig, SETTINGS_BY_KEY, type SettingValue } from '@organiser/domain';
import { invalidateShared, onSharedInvalidation } from '../../access/auth-cache';
import type { Db } from '../../db/client';
import { appSetting } from '../../db/schema';

// The run-time settings other modules read: `getSetting(db, key)` answers the stored value, else the
// setting's default. The stored rows are kept in memory per database and read again after any change: a write
// announces it on the auth invalidation channel, which reaches this process at once and the other API nodes
// through Redis (REDIS_URL).

export const SETTINGS_TOPIC = 'settings';

/** Bumped by every change: a cache filled before it is read again. */
let generation = 0;
const loaded = new WeakMap<object, { generation: number; values: Promise<Map<string, SettingValue>> }>();

onSharedInvalidation(SETTINGS_TOPIC, () => {
  generation++;
});

async function storedValues(db: Db): Promise<Map<string, SettingValue>> {
  const cached = loaded.get(db);
  if (cached && cached.generation === generation) return cached.values;
  const values = db
    .select({ key: appSetting.key, value: appSetting.value })
    .from(appSetting)
    .then((rows) => new Map(rows.map((r) => [r.key, r.value as SettingValue])));
  const entry = { generation, values };
  // a failed read is not kept
  values.catch(() => {
    if (loaded.get(db) === entry) loaded.delete(db);
  });
  loaded.set(db, entry);
  return values;
}

/** The value in force of a declared setting: the stored one, else its default. */
export async function getSetting<T extends SettingValue = SettingValue>(db: Db, key: string): Promise<T> {
  const def = SETTINGS_BY_KEY.get(key);
  if (!def) throw new Error(`unknown setting ${key}`);
  const stored = (await storedValues(db)).get(key);
  return (stored ?? def.default) as T;
}

/** Every stored value by key (settings at their default are absent). */
export async function storedSettings(db: Db): Promise<Map<string, SettingValue>> {
  return storedValues(db);
}

/** Called after a change is committed: every node reads the settings again. */
export function announceSettingsChange(): void {
  invalidateShared(SETTINGS_TOPIC);
}

const KB = 1024;

/** The deployment's upload limits lowered by the run-time ones. */
export async function effectiveUploadLimits(
  db: Db,
  uploads: PublicConfig['uploads'],
): Promise<PublicConfig['uploads']> {
  const lower = async (key: string, bound: number) => {
    const kb = await getSetting<number | null>(db, key);
    return kb ? Math.min(bound, kb * KB) : bound;
  };
  return {
    ...uploads,
    imageMaxBytes: await lower('uploads.imageMaxKb', uploads.imageMaxBytes),
    videoMaxBytes: await lower('uploads.videoMaxKb', uploads.videoMaxBytes),
    fileMaxBytes: await lower('uploads.fileMaxKb', uploads.fileMaxBytes),
  };
}

/** The public configuration with the run-time settings in force: the site name and the upload limits. */
export async function withRunTimeSettings(db: Db, config: PublicConfig): Promise<PublicConfig> {
  const name = await getSetting<{ en: string; zh: string } | null>(db, 'site.name');
  const title = {
    en: name?.en || config.site.title.en,
    zh: name?.zh || config.site.title.zh,
  };
  return {
    ...config,
    site: { ...config.site, title },
    uploads: await effectiveUploadLimits(db, config.uploads),
  };
}
