import { TOKEN_HEADER } from '@organiser/domain';
import { apiUrl } from '../api/client';
import { createStore, useStore } from '../state/store';

// The navbar's live badges: the signed-in person's unreplied consults and unread chat conversations, from the
// server-sent-event stream GET /api/badges/stream (read with fetch, so the session token travels in its header,
// never in the URL). A count is null where the person may not open the list. The stream is opened while a
// session is held and closed when it ends (logout) or the layout goes; after an error it is opened again later.

export type Badges = {
  consultsUnreplied: number | null;
  chatUnread: number | null;
  chatUnreplied: number | null;
};

const NONE: Badges = { consultsUnreplied: null, chatUnread: null, chatUnreplied: null };

export const badgesStore = createStore<Badges>(NONE);

export const useBadges = () => useStore(badgesStore);

/** What the tab title counts: what waits for the person (unreplied consults and unread conversations). */
export const badgeTotal = (b: Badges): number => (b.consultsUnreplied ?? 0) + (b.chatUnread ?? 0);

/** The `badges` events of a chunk of the stream; answers the text left over (an event not complete yet). */
export function readEvents(buffer: string, onBadges: (badges: Badges) => void): string {
  let rest = buffer;
  let cut = rest.indexOf('\n\n');
  while (cut >= 0) {
    const block = rest.slice(0, cut);
    rest = rest.slice(cut + 2);
    const event = block.match(/^event: (.+)$/m)?.[1];
    const data = block.match(/^data: (.+)$/m)?.[1];
    if (event === 'badges' && data) onBadges({ ...NONE, ...(JSON.parse(data) as Partial<Badges>) });
    cut = rest.indexOf('\n\n');
  }
  return rest;
}

const RETRY_MS = 15_000;

/** Holds the stream open for `token` until the returned function is called. */
export function connectBadges(token: string): () => void {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const open = async () => {
    try {
      const res = await fetch(apiUrl('/badges/stream'), {
        headers: { [TOKEN_HEADER]: token, Accept: 'text/event-stream' },
        signal: controller.signal,
      });
      if (!res.ok || !res.body || !res.headers.get('content-type')?.includes('text/event-stream')) return;
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer = readEvents(buffer + value, (b) => badgesStore.set(b));
      }
    } catch {
      // closed by us, or the network: tried again below unless closed
    }
    if (!controller.signal.aborted) timer = setTimeout(() => void open(), RETRY_MS);
  };
  void open();
  return () => {
    controller.abort();
    if (timer) clearTimeout(timer);
    badgesStore.set(NONE);
  };
}
