import { getHeapSpaceStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../src/startup-memory';

const newSpace = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!;

describe('releasing start-up memory', () => {
  it('collects garbage and shrinks the young generation back, without gc exposed as a global', () => {
    // start-up's work, in short: many short-lived objects, some surviving a while
    let kept: unknown[] = [];
    for (let round = 0; round < 40; round += 1) {
      kept = Array.from({ length: 20_000 }, (_, i) => ({ i, text: `row ${i} of round ${round}` }));
    }
    expect(kept).toHaveLength(20_000);
    const before = process.memoryUsage().heapUsed;
    kept = [];
    expect(collectGarbage()).toBe(true);
    expect(process.memoryUsage().heapUsed).toBeLessThan(before);
    // memory-reducing mode: the young generation is back to its smallest size
    expect(newSpace().space_size).toBeLessThanOrEqual(1024 * 1024);
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});
