import type { TFunction } from 'i18next';

/**
 * Time-ago filter, in both languages: under a minute "just now", under an hour whole minutes, under a
 * day hours, else days. Accepts a Date, epoch milliseconds or an ISO string.
 */
export function timeAgo(value: Date | number | string, t: TFunction, now: number = Date.now()): string {
  const time =
    value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (Number.isNaN(time)) return '';
  const seconds = Math.max(0, Math.floor((now - time) / 1000));
  if (seconds < 60) return t('timeAgo.justNow');
  if (seconds < 3600) {
    const count = Math.floor(seconds / 60);
    return t(count === 1 ? 'timeAgo.minute' : 'timeAgo.minutes', { count });
  }
  if (seconds < 86400) {
    const count = Math.floor(seconds / 3600);
    return t(count === 1 ? 'timeAgo.hour' : 'timeAgo.hours', { count });
  }
  const count = Math.floor(seconds / 86400);
  return t(count === 1 ? 'timeAgo.day' : 'timeAgo.days', { count });
}
