import http from 'node:http';

// A client of the badge stream (GET /api/badges/stream, server-sent events) on a real socket, for the API tests
// and the two-node tier.

export type SseEvent = { event: string; data: unknown };

/** An open stream: its events as they arrive, and a way to wait for the next one. */
export function openBadgeStream(base: string, token: string | null) {
  const events: SseEvent[] = [];
  const waiters: (() => void)[] = [];
  let ended = false;
  let status = 0;
  let buffer = '';
  const request = http.get(
    `${base}/api/badges/stream`,
    { headers: token ? { 'x-token': token } : {} },
    (res) => {
      status = res.statusCode ?? 0;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = block.match(/^event: (.+)$/m)?.[1];
          const data = block.match(/^data: (.+)$/m)?.[1];
          if (event) events.push({ event, data: data ? JSON.parse(data) : null });
          for (const wake of waiters.splice(0)) wake();
          cut = buffer.indexOf('\n\n');
        }
      });
      res.on('end', () => {
        ended = true;
        for (const wake of waiters.splice(0)) wake();
      });
    },
  );
  request.on('error', () => {
    ended = true;
  });
  /** Waits until `count` events arrived (or the stream ended); answers the events so far. Refuses after
   * `timeoutMs` without them. */
  const until = async (count: number, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (events.length < count && !ended) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${events.length} of ${count} events after ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return events;
  };
  return {
    events,
    until,
    status: () => status,
    ended: () => ended,
    close: () => request.destroy(),
  };
}
