import { readdirSync, readFileSync } from 'node:fs';
import { entities } from '@organiser/domain';
import { describe, expect, it } from 'vitest';

// Every registered entity runs its contract from a file of its own under contract/ (Vitest runs files in
// parallel workers): a new entity without its file would silently go untested.

const folder = new URL('./contract/', import.meta.url);
const fileOf = (name: string) => `${name.replaceAll('_', '-')}.test.ts`;

describe('contract files', () => {
  const files = readdirSync(folder).filter((f) => f.endsWith('.test.ts'));

  it.each(Object.keys(entities))('entity %s has its contract file', (name) => {
    const file = fileOf(name);
    expect(files, `add contract/${file}: describeEntityContract(entities.${name}!)`).toContain(file);
    expect(readFileSync(new URL(file, folder), 'utf8')).toContain(
      `describeEntityContract(entities.${name}!)`,
    );
  });

  it('has no file for an entity that is not registered', () => {
    const expected = Object.keys(entities).map(fileOf);
    expect(files.filter((f) => !expected.includes(f))).toEqual([]);
  });
});
