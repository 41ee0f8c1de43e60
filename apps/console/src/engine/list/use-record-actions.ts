import {
  actionList,
  availableActions,
  type EntityRecord,
  entities,
  isRemovableRecord,
  recordLabel,
  visibilityFields,
} from '@organiser/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { type Dispatch, type SetStateAction, useCallback, useState } from 'react';
import { type BatchResult, type BatchTarget, entityApi } from '../../api/entity-api';
import { entityKeys, sharedRecordEntities } from '../../api/query-keys';
import { type EngineT, useEngineText } from '../../messages';
import type { EntityAccess } from '../access';
import type { EntityMeta } from '../entity-meta';
import type { NamedAction, PendingInput, RowAction, Selection } from '../slots';

type SetPendingInput = Dispatch<SetStateAction<PendingInput | null>>;

const hasInputs = (action: NamedAction) => !!action.input && Object.keys(action.input).length > 0;

/** Refreshes the lists and records of the entity and of every entity sharing its records. */
function useRefresh(entity: string) {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all(
        sharedRecordEntities(entity, entities).map((name) =>
          queryClient.invalidateQueries({ queryKey: entityKeys.all(name) }),
        ),
      ),
    [queryClient, entity],
  );
}

/** A record by its name in the user's language, else its id. */
const labelOf = (meta: EntityMeta, record: EntityRecord) =>
  recordLabel(meta.def, record, meta.lang) || `#${record.id}`;

/** What a status action did: the record, its state field and the state it is in now. */
function stateNow(meta: EntityMeta, record: EntityRecord, action: NamedAction, t: EngineT) {
  const field = meta.def.fields[action.field];
  const state = field && 'options' in field ? field.options?.find((o) => o.value === action.to) : undefined;
  return state
    ? t('list.stateNow', {
        label: labelOf(meta, record),
        field: meta.fieldLabel(action.field),
        state: state.label[meta.lang],
      })
    : t('list.actionDone', { action: action.label[meta.lang] });
}

/** Runs a status action on one record, asking first when the definition says so and collecting its inputs. */
function useStatusAction(
  meta: EntityMeta,
  refresh: () => Promise<unknown>,
  setPendingInput: SetPendingInput,
) {
  const t = useEngineText();
  const { modal, message } = App.useApp();
  const { def, lang } = meta;

  /** Asks first when the definition says so, collects inputs when it declares them, then runs. */
  const withConfirm = (input: {
    action: NamedAction;
    label: string;
    run: (body: Record<string, unknown>) => Promise<boolean>;
  }) => {
    const { action, run } = input;
    if (hasInputs(action)) {
      setPendingInput({ action, run });
      return;
    }
    const question = action.confirm?.[lang].replaceAll('{{label}}', input.label);
    if (!question) {
      void run({});
      return;
    }
    modal.confirm({
      title: action.label[lang],
      content: question,
      okText: action.label[lang],
      cancelText: t('form.cancel'),
      onOk: () => run({}),
    });
  };

  /** `onDone` follows a success (a page about the record moves on). */
  return (record: EntityRecord, action: NamedAction, options: { onDone?: () => void } = {}) =>
    withConfirm({
      action,
      label: labelOf(meta, record),
      run: async (body) => {
        const res = await entityApi.action(def.name, action.name, record.id, body).catch(() => null);
        if (!res?.success) return false;
        message.success(stateNow(meta, record, action, t));
        await refresh();
        options.onDone?.();
        return true;
      },
    });
}

/** Delete (after a confirm), restore from the trash, and purge (after a confirm) of one record. */
function useRecordWrites(meta: EntityMeta, refresh: () => Promise<unknown>) {
  const t = useEngineText();
  const { modal, message } = App.useApp();
  const { def } = meta;

  /** Deletes; a record others hold (`deleteHeld: 'confirm'`) comes back as the server's question naming the
   * holders, and is deleted from them too once the user confirms. */
  const removeNow = async (record: EntityRecord, confirm: boolean, onDone?: () => void): Promise<void> => {
    const res = await entityApi.remove(def.name, record.id, { confirm });
    const holders = (res.content as { holders?: unknown[] } | null)?.holders;
    if (!res.success) {
      if (holders?.length)
        modal.confirm({
          title: t('list.delete'),
          content: res.message,
          okText: t('list.delete'),
          okButtonProps: { danger: true },
          cancelText: t('form.cancel'),
          onOk: () => removeNow(record, true, onDone),
        });
      return;
    }
    message.success(t('list.deleted', { label: labelOf(meta, record) }));
    await refresh();
    onDone?.();
  };

  const remove = (record: EntityRecord, options: { onDone?: () => void } = {}) =>
    modal.confirm({
      title: t('list.delete'),
      content: t(def.softDelete ? 'list.confirmDeleteSoft' : 'list.confirmDelete', {
        label: labelOf(meta, record),
      }),
      okText: t('list.delete'),
      okButtonProps: { danger: true },
      cancelText: t('form.cancel'),
      onOk: () => removeNow(record, false, options.onDone),
    });

  const restore = async (record: EntityRecord) => {
    await entityApi.restore(def.name, record.id);
    message.success(t('list.restored', { label: labelOf(meta, record) }));
    await refresh();
  };

  const purge = (record: EntityRecord) =>
    modal.confirm({
      title: t('list.purge'),
      content: t('list.confirmPurge', { label: labelOf(meta, record) }),
      okText: t('list.purge'),
      okButtonProps: { danger: true },
      cancelText: t('form.cancel'),
      onOk: async () => {
        await entityApi.purge(def.name, record.id);
        message.success(t('list.purged', { label: labelOf(meta, record) }));
        await refresh();
      },
    });

  return { remove, restore, purge };
}

type BatchInput = {
  name: string;
  label: string;
  selection: Selection;
  total: number;
  action?: NamedAction;
  isDanger?: boolean;
  onDone: () => void;
};

/**
 * The records a batch acts on: the ticked ids, or every record matching the list's filters. "All matching" names
 * the count the user was shown: the server acts only while exactly that many match.
 */
function batchTarget(
  input: BatchInput,
  matchQuery: Record<string, string>,
): { target: BatchTarget; count: number } {
  return input.selection.isAllMatching
    ? { target: { filter: matchQuery, expectedCount: input.total }, count: input.total }
    : { target: { ids: input.selection.ids }, count: input.selection.ids.length };
}

/** A batch on the selection: collects the action's inputs or asks for a confirm naming the count, then runs. */
function useBatch(
  meta: EntityMeta,
  matchQuery: Record<string, string>,
  refresh: () => Promise<unknown>,
  setPendingInput: SetPendingInput,
) {
  const t = useEngineText();
  const { modal, message } = App.useApp();
  const { def } = meta;

  const report = (label: string, result: BatchResult) => {
    const done = result.succeeded.length;
    const failed = result.skipped.length;
    if (failed === 0) message.success(t('bulk.done', { action: label, done }));
    else message.warning(t('bulk.doneWithFailures', { action: label, done, failed }));
  };

  return (input: BatchInput) => {
    const { target, count } = batchTarget(input, matchQuery);
    const run = async (body: Record<string, unknown>) => {
      // A refusal shows the server's message (the HTTP client's toast); the list reloads to show what changed.
      const res = await entityApi.batch(def.name, input.name, target, body).catch(() => null);
      if (!res?.success) {
        await refresh();
        return false;
      }
      report(input.label, res.content);
      input.onDone();
      await refresh();
      return true;
    };
    const action: NamedAction = input.action ?? {
      name: input.name,
      field: '',
      label: { en: input.label, zh: input.label },
      from: [],
      to: '',
    };
    if (hasInputs(action)) {
      setPendingInput({ action, run });
      return;
    }
    modal.confirm({
      title: input.label,
      content: t('bulk.confirm', { action: input.label, count }),
      okText: input.label,
      okButtonProps: { danger: input.isDanger },
      cancelText: t('form.cancel'),
      onOk: () => run({}),
    });
  };
}

/**
 * What the list does to records: status actions (confirm where the definition says, inputs where it declares
 * them), delete, restore, purge, and the same on a selection or on every matching record. Each write refreshes
 * the entity's lists and records.
 */
export function useRecordActions(meta: EntityMeta, matchQuery: Record<string, string>) {
  const [pendingInput, setPendingInput] = useState<PendingInput | null>(null);
  const refresh = useRefresh(meta.def.name);
  const runOne = useStatusAction(meta, refresh, setPendingInput);
  const { remove, restore, purge } = useRecordWrites(meta, refresh);
  const runBatch = useBatch(meta, matchQuery, refresh, setPendingInput);
  return { runOne, remove, restore, purge, runBatch, pendingInput, closeInput: () => setPendingInput(null) };
}

type RowActionsOf = Pick<ReturnType<typeof useRecordActions>, 'runOne' | 'remove'>;

/** A record's status actions its state allows and the user may run, as row actions (every list of the entity
 * offers the same). */
export function statusRowActions(
  meta: EntityMeta,
  access: Pick<EntityAccess, 'canAction'>,
  actions: RowActionsOf,
  record: EntityRecord,
): RowAction[] {
  const machine = actionList(meta.def, meta.policy);
  // a disabled record with an online state is not shown whatever that state: it offers Enable, not online/offline
  const visibility = visibilityFields(meta.def);
  const isGated = visibility !== null && record[visibility.gate] === 'disabled';
  return availableActions(meta.def, record, meta.policy).flatMap((name) => {
    const action = machine.find((a) => a.name === name);
    if (isGated && action?.field === visibility.state) return [];
    return action && access.canAction(name)
      ? [{ key: name, label: action.label[meta.lang], onClick: () => actions.runOne(record, action) }]
      : [];
  });
}

/** "Delete" as a row's last action, when the user may delete. */
export function deleteRowAction(
  meta: Pick<EntityMeta, 'def'>,
  access: Pick<EntityAccess, 'canDelete'>,
  actions: RowActionsOf,
  record: EntityRecord,
  t: EngineT,
): RowAction[] {
  // the system relies on a built-in record (the root role): the server deletes one only once its rule allows
  return access.canDelete && isRemovableRecord(meta.def, record)
    ? [{ key: 'delete', label: t('list.delete'), isDanger: true, onClick: () => actions.remove(record) }]
    : [];
}
