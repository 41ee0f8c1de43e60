import { describe, expect, it } from 'vitest';
import { stableJson } from '../src/open/serve';
import { seededRandom } from './seeded-random';

// The request hash of a marketplace write (what a retry with the same Idempotency-Key is compared with) is the
// SHA-256 of this text: it must not change between releases, or retries across an upgrade would be refused. The
// reference below is the first spelling of the function, kept as the definition.

function reference(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${reference(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function randomValue(random: () => number, depth: number): unknown {
  const pick = Math.floor(random() * (depth > 3 ? 5 : 7));
  const keys = ['eventId', 'type', 'Zeta', 'a', 'é', '面料', '', 'b\u0000', '10', '9', '🙂'];
  if (pick === 0) return null;
  if (pick === 1) return Math.floor(random() * 2000) - 1000;
  if (pick === 2) return random() < 0.5;
  if (pick === 3)
    return random()
      .toString(36)
      .slice(2, 2 + Math.floor(random() * 6));
  if (pick === 4) return keys[Math.floor(random() * keys.length)];
  if (pick === 5)
    return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1));
  const out: Record<string, unknown> = {};
  for (let i = Math.floor(random() * 5); i > 0; i--)
    out[keys[Math.floor(random() * keys.length)]!] = randomValue(random, depth + 1);
  return out;
}

describe('the request hash text', () => {
  it('sorts object keys at every depth', () => {
    expect(stableJson({ b: 1, a: [{ d: null, c: 'x' }], 10: true, 9: undefined })).toBe(
      '{"10":true,"9":null,"a":[{"c":"x","d":null}],"b":1}',
    );
  });

  it('spells any parsed body as its first definition did', () => {
    const random = seededRandom(61206);
    for (let i = 0; i < 2000; i++) {
      const value = randomValue(random, 0);
      expect(stableJson(value)).toBe(reference(value));
    }
  });
});
