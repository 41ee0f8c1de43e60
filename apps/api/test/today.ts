/**
 * `hoursAgo` hours before `now`, but never before the start of today in `timeZone`: an event a test means to
 * fall on today's date there, whatever the hour the test runs at (just after midnight in Shanghai, an hour ago is
 * yesterday).
 */
export function earlierToday(hoursAgo: number, timeZone: string, now = new Date()): Date {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const sinceMidnight =
    ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000 + now.getMilliseconds();
  return new Date(Math.max(now.getTime() - hoursAgo * 3_600_000, now.getTime() - sinceMidnight));
}

/** An event time `hoursAgo` hours back, as ISO text: under a day back it stays on today's date in `timeZone`
 * (`earlierToday`), a day or more back it is simply that far back. */
export const eventHoursAgo = (hoursAgo: number, timeZone: string): string =>
  (hoursAgo < 24
    ? earlierToday(hoursAgo, timeZone)
    : new Date(Date.now() - hoursAgo * 3_600_000)
  ).toISOString();
