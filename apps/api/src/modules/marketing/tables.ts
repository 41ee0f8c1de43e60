import { entityTables } from '../../db/schema';

// The derived tables this module reads and writes, by the entity's API name.

const table = (name: string) => {
  const found = entityTables[name];
  if (!found) throw new Error(`marketing: no table for ${name}`);
  return found;
};

export const company = table('company');
export const product = table('product');
export const searchTop = table('search_top');
export const recommendSearch = table('recommend_search');
export const recommendAdvertising = table('recommend_advertising');
export const popularActivity = table('popular_activity');
export const popularSubActivity = table('popular_sub_activity');
