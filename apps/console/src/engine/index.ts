// The entity engine's console side, and the only way into it from pages, the layout and navigation: its
// controllers (list, form, record actions), screens, slot types and cells. A page that is more than CRUD reuses
// these, so URL state, permissions, validation and history stay uniform. The generic screens the page registry
// shows are loaded when first shown, through `engine/loaders.ts`: the frame, loaded on every page, imports only
// that file, so that importing this one (and the screens it exports) stays with the pages that use them.

export {
  type BatchResult,
  entityApi,
  type HistoryItem,
  type ImportReport,
} from '../api/entity-api';
export { entityKeys } from '../api/query-keys';
export { engineText, useEngineText } from '../messages';
export { type EntityAccess, entityAccess, useEntityAccess } from './access';
export { ChildList } from './child-list';
export { EntityForm } from './entity-form-page';
export { EntityList, EntityListPage } from './entity-list-page';
export { type EntityMeta, useEntityMeta } from './entity-meta';
export { EntityRecordPage } from './entity-record-page';
export { type EntityFormController, useEntityForm } from './form/use-entity-form';
export { useLeaveGuard } from './form/use-leave-guard';
export { ActionInputDialog } from './list/action-input-dialog';
export { ColumnSettingsButton } from './list/column-settings-button';
export { type ListUrlState, readListUrl, writeListUrl } from './list/list-url';
export { useColumnSettings } from './list/use-column-settings';
export { type EntityListController, useEntityList } from './list/use-entity-list';
export { useRecordActions } from './list/use-record-actions';
export { type ReportRow, type ReportRowExtra, ReportScreen } from './report/report-page';
export { closeTab, listReturnPath } from './return-path';
export {
  type BulkContext,
  type ExtraColumn,
  type FormSlots,
  type ListSlots,
  type PendingInput,
  pageLinkAction,
  type RecordSlots,
  type RowAction,
  type Selection,
  type SlotContext,
} from './slots';
export { renderValue } from './widget-registry';
export { RelativeTime } from './widget-registry/cells';
