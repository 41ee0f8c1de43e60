import { describe, expect, it } from 'vitest';
import { dayIn } from '../src/modules/statistics/rollups';
import { seededRandom } from './seeded-random';

// The rollups file each event under its calendar day in the deployment's zone. dayIn remembers each zone's offset
// per quarter of an hour; it must give Intl's own answer for every moment, across changes of offset (summer time,
// half-hour and quarter-hour zones, a zone that skipped a day, historical offsets in seconds).

const ZONES = [
  'Asia/Shanghai',
  'UTC',
  'America/New_York',
  'Europe/London',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Apia',
  'America/St_Johns',
  'Europe/Amsterdam',
  'Asia/Tehran',
];

const references = new Map<string, Intl.DateTimeFormat>();

function reference(timeZone: string, ms: number): string {
  let format = references.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    references.set(timeZone, format);
  }
  return format.format(ms);
}

describe('the day of a moment in a zone', () => {
  it('is Intl’s answer for random moments from 1900 to 2037', () => {
    const random = seededRandom(1206);
    const from = Date.UTC(1900, 0, 1);
    const to = Date.UTC(2037, 11, 31);
    for (const zone of ZONES)
      for (let i = 0; i < 3000; i++) {
        const ms = Math.floor(from + random() * (to - from));
        expect(dayIn(zone, new Date(ms)), `${zone} ${new Date(ms).toISOString()}`).toBe(reference(zone, ms));
      }
  });

  it('is Intl’s answer second by second around changes of offset and midnights', () => {
    const moments = [
      '2026-03-08T06:59:00Z', // New York springs forward
      '2026-11-01T05:59:00Z', // and falls back
      '2026-10-04T15:29:00Z', // Lord Howe's half-hour summer time
      '2011-12-30T09:59:00Z', // Samoa skipped 30 December 2011
      '2026-12-06T15:59:00Z', // midnight in Shanghai
      '2026-12-06T18:14:00Z', // midnight in Kathmandu (+05:45)
      '1927-12-31T15:54:00Z', // Shanghai leaves local mean time (+08:05:43)
      '2021-09-21T19:29:00Z', // Tehran falls back from 24:00 to 23:00 (+04:30 to +03:30), on a half hour of UTC
    ];
    for (const zone of ZONES)
      for (const at of moments) {
        const start = Date.parse(at);
        for (let s = 0; s < 180; s++) {
          const ms = start + s * 1000 + (s % 7) * 13;
          expect(dayIn(zone, new Date(ms).toISOString()), `${zone} ${new Date(ms).toISOString()}`).toBe(
            reference(zone, ms),
          );
        }
      }
  });
});
