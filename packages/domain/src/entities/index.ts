import type { EntityDef } from '../kit/types';
import { banner } from './banner';
import { bannerPosition } from './banner-position';
import { companyTag } from './company-tag';

/** Every entity of the console, by API name: one line per entity. */
export const entities: Record<string, EntityDef> = {
  banner_position: bannerPosition,
  banner: banner,
  company_tag: companyTag,
};

export { banner, bannerPosition, companyTag };

/** The definition behind an API name or a route's `view.entity`. */
export function getEntity(name: string): EntityDef | undefined {
  return Object.hasOwn(entities, name) ? entities[name] : undefined;
}
