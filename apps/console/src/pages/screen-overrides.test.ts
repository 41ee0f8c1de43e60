import { entities } from '@organiser/domain';
import { describe, expect, it } from 'vitest';
import { screenOverrides } from './registry';

// A page that replaces an entity's generic list or form is listed in the entity's definition
// (`behaviour.screens`), so a reader of the definition finds it; a new page without its listing fails here,
// and so does a listing left behind.

describe('screens that replace an entity’s generic ones', () => {
  const overrides = screenOverrides();

  it('are for declared entities', () => {
    for (const entity of Object.keys(overrides)) expect(Object.keys(entities)).toContain(entity);
  });

  it.each(Object.keys(entities))('%s lists exactly the views a page of its own replaces', (name) => {
    const listed = Object.keys(entities[name]!.behaviour.screens ?? {}).sort();
    expect(listed).toEqual([...(overrides[name] ?? [])].sort());
  });
});
