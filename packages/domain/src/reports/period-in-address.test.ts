import { describe, expect, it } from 'vitest';
import { periodInAddress } from './supplier-statistics';

/** An address's query as `URLSearchParams` reads it. */
const address = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? null });

describe('periodInAddress', () => {
  it('reads the period the address names, from before to', () => {
    const period = periodInAddress(address({ periodTo: '2026-11-30', x: '1', periodFrom: '2026-11-01' }));
    expect(period).toEqual({ periodFrom: '2026-11-01', periodTo: '2026-11-30' });
    // the order the data call's query is written in, whatever the address's order
    expect(Object.keys(period)).toEqual(['periodFrom', 'periodTo']);
  });

  it('takes an empty or missing bound as none', () => {
    expect(periodInAddress(address({ periodFrom: '', periodTo: '2026-11-30' }))).toEqual({
      periodTo: '2026-11-30',
    });
    expect(periodInAddress(address({}))).toEqual({});
  });
});
