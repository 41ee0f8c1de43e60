import { afterEach, describe, it, vi } from 'vitest';
import { groupsOfShard, roundTrip } from '../test/round-trip-cases';

// Share 2 of 3 of the round trips (groups of widget kinds sharing a form) (see ../test/round-trip-cases.tsx).

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('every form widget round-trips a stored value (2/3)', { timeout: 120_000 }, () => {
  it.each(groupsOfShard(1, 3))(
    '%s: shows the stored values, saves the changed ones, shows them again',
    roundTrip,
  );
});
