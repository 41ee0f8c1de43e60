// The entity engine's console side for custom pages: anything more than CRUD reuses the same
// hooks, so URL state, permissions, validation and history stay uniform). The generic pages themselves are loaded
// lazily by the page registry from their own modules.

export {
  type BatchResult,
  type EntityList,
  entityApi,
  type HistoryItem,
  type ImportReport,
} from '../api/entity-api';
export { entityKeys } from '../api/query-keys';
export { engineText, useEngineText } from '../messages';
export { type EntityAccess, entityAccess, useEntityAccess } from './access';
export { EntityForm } from './entity-form-page';
// the list screen without its page frame; `EntityList` above is the list envelope's type
export { EntityList as EntityListScreen, EntityListPage } from './entity-list-page';
export { type EntityMeta, useEntityMeta } from './entity-meta';
export { type EntityFormController, useEntityForm } from './form/use-entity-form';
export { useLeaveGuard } from './form/use-leave-guard';
export { type ListUrlState, readListUrl, writeListUrl } from './list/list-url';
export { type EntityListController, type Selection, useEntityList } from './list/use-entity-list';
export { useRecordActions } from './list/use-record-actions';
export type { FormSlots, ListSlots, SlotContext } from './slots';
export { renderValue } from './widget-registry';
