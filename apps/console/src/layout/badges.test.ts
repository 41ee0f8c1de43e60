import { describe, expect, it } from 'vitest';
import { type Badges, badgeTotal, readEvents } from './badges';

// The badge stream's reading: whole `badges` events only (a chunk may end inside one), heartbeats and other
// events ignored; the tab title counts unreplied consults and unread conversations.

describe('badge events', () => {
  it('reads whole badges events and keeps an unfinished one for the next chunk', () => {
    const seen: Badges[] = [];
    const rest = readEvents(
      ': connected\n\nevent: badges\ndata: {"consultsUnreplied":2,"chatUnread":1,"chatUnreplied":3}\n\n: heartbeat\n\nevent: badges\ndata: {"consul',
      (b) => seen.push(b),
    );
    expect(seen).toEqual([{ consultsUnreplied: 2, chatUnread: 1, chatUnreplied: 3 }]);
    readEvents(
      `${rest}tsUnreplied":0,"chatUnread":null,"chatUnreplied":null}\n\nevent: end\ndata: {}\n\n`,
      (b) => seen.push(b),
    );
    expect(seen[1]).toEqual({ consultsUnreplied: 0, chatUnread: null, chatUnreplied: null });
    expect(seen).toHaveLength(2);
  });

  it('counts what waits for the person, nothing for a list out of reach', () => {
    expect(badgeTotal({ consultsUnreplied: 2, chatUnread: 3, chatUnreplied: 9 })).toBe(5);
    expect(badgeTotal({ consultsUnreplied: null, chatUnread: null, chatUnreplied: null })).toBe(0);
  });
});
