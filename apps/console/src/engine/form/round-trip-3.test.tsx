import { afterEach, describe, it, vi } from 'vitest';
import { kindsOfShard, roundTrip } from '../test/round-trip-cases';

// Share 3 of 3 of the widget kinds' round trips (see ../test/round-trip-cases.tsx).

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('every form widget round-trips a stored value (3/3)', { timeout: 120_000 }, () => {
  it.each(kindsOfShard(2, 3))('%s: shows the stored value, saves the changed one, shows it again', roundTrip);
});
