// What the always-loaded frame (page registry, menu prefetch) may use of the engine: loaders of the generic
// screens, each fetched when first shown in a chunk of its own, and the list prefetch. Pages use engine/index.ts.
// The two doors are separate because a module imported by the frame ships with the frame: were the screens
// exported here, every page load would fetch them.

export { prefetchEntityList } from './prefetch';

/** The generic screens, each loaded when first shown. */
export const screens = {
  list: () => import('./entity-list-page'),
  form: () => import('./entity-form-page'),
  report: () => import('./report/report-page'),
};
