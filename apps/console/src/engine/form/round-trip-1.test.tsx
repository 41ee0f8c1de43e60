import { afterEach, describe, expect, it, vi } from 'vitest';
import { cases, groupsOfShard, roundTrip, usedKinds } from '../test/round-trip-cases';
import { widgetRegistry } from '../widget-registry';

// Share 1 of 3 of the round trips (groups of widget kinds sharing a form) (see ../test/round-trip-cases.tsx).

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('every form widget round-trips a stored value (1/3)', { timeout: 120_000 }, () => {
  it('has a round-trip case for every widget kind the forms use', () => {
    expect(usedKinds.filter((k) => !(k in cases))).toEqual([]);
    // and every case is a widget the console renders
    for (const kind of Object.keys(cases)) expect(Object.keys(widgetRegistry)).toContain(kind.split(' ')[0]);
  });

  it.each(groupsOfShard(0, 3))(
    '%s: shows the stored values, saves the changed ones, shows them again',
    roundTrip,
  );
});
