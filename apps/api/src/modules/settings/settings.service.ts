import { inArray } from 'drizzle-orm';
import { SETTING_KEYS, type SettingData, type SettingKey } from '@movehub/shared';
import type { Tx } from '../../db/client';
import { settings } from '../../db/schema';
import { sharedAnswersOf } from '../../lib/http-cache';
import { sanitizeRichText } from '../../lib/safe-html';

/** The key of the About Us answer among the kept answers (lib/http-cache.ts sharedAnswersOf). */
export const SETTINGS_ANSWER = 'settings';

/** Call after writing settings: this process's kept About Us answer is read again. */
export function settingsChanged(opts: { db: Tx }): void {
  sharedAnswersOf(opts.db).forget(SETTINGS_ANSWER);
}

/** Every About Us section; a key with no stored value reads as an empty string. */
export async function getSettings(opts: { db: Tx }): Promise<SettingData> {
  const rows = await opts.db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [...SETTING_KEYS]));
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  return Object.fromEntries(SETTING_KEYS.map((k) => [k, stored.get(k) ?? ''])) as SettingData;
}

/**
 * Writes one section. The HTML is sanitised here, on write, so whatever reaches the table is
 * safe to serve; returns what was stored.
 */
export async function setSetting(opts: { db: Tx; key: SettingKey; html: string }): Promise<string> {
  const value = sanitizeRichText(opts.html);
  await opts.db
    .insert(settings)
    .values({ key: opts.key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  settingsChanged(opts);
  return value;
}
