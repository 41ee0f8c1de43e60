import {
  type EntityRecord,
  entities,
  type FieldError,
  type MachineAction,
  recordLabel,
} from '@organiser/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { type BatchResult, type BatchTarget, entityApi } from '../../api/entity-api';
import { entityKeys, sharedRecordEntities } from '../../api/query-keys';
import { useEngineText } from '../../messages';
import type { EntityMeta } from '../entity-meta';
import type { Selection } from './use-entity-list';

export type NamedAction = { name: string; field: string } & MachineAction;

/** An action waiting for its inputs (a refusal's reason) before it runs. */
export type PendingInput = {
  action: NamedAction;
  /** true when done; the server's field errors to show on the dialog's fields; false on another refusal. */
  run: (input: Record<string, unknown>) => Promise<boolean | { errors: FieldError[] }>;
};

/**
 * What the list does to records: status actions (confirm where the definition says, inputs where it declares
 * them), delete, restore, purge, and the same on a selection or on every matching record. Each write refreshes
 * the entity's lists and records.
 */
export function useRecordActions(meta: EntityMeta, matchQuery: Record<string, string>) {
  const t = useEngineText();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const { def, lang } = meta;
  const [pendingInput, setPendingInput] = useState<PendingInput | null>(null);
  const refresh = useCallback(
    () =>
      Promise.all(
        sharedRecordEntities(def.name, entities).map((name) =>
          queryClient.invalidateQueries({ queryKey: entityKeys.all(name) }),
        ),
      ),
    [queryClient, def.name],
  );
  const labelOf = (record: EntityRecord) => recordLabel(def, record, lang) || `#${record.id}`;

  /** Asks first when the definition says so, collects inputs when it declares them, then runs. */
  const withConfirm = (input: {
    action: NamedAction;
    question?: string;
    run: (body: Record<string, unknown>) => Promise<boolean>;
  }) => {
    const { action, run } = input;
    if (action.input && Object.keys(action.input).length > 0) {
      setPendingInput({ action, run });
      return;
    }
    const question = input.question ?? action.confirm?.[lang];
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

  /** Runs a status action on one record; `onDone` follows a success (a page about the record moves on). */
  const runOne = (record: EntityRecord, action: NamedAction, options: { onDone?: () => void } = {}) =>
    withConfirm({
      action,
      run: async (body) => {
        const res = await entityApi.action(def.name, action.name, record.id, body).catch(() => null);
        if (!res?.success) return false;
        message.success(t('list.actionDone', { action: action.label[lang] }));
        await refresh();
        options.onDone?.();
        return true;
      },
    });

  const remove = (record: EntityRecord, options: { onDone?: () => void } = {}) =>
    modal.confirm({
      title: t('list.delete'),
      content: t(def.softDelete ? 'list.confirmDeleteSoft' : 'list.confirmDelete', {
        label: labelOf(record),
      }),
      okText: t('list.delete'),
      okButtonProps: { danger: true },
      cancelText: t('form.cancel'),
      onOk: async () => {
        await entityApi.remove(def.name, record.id);
        message.success(t('list.deleted'));
        await refresh();
        options.onDone?.();
      },
    });

  const restore = async (record: EntityRecord) => {
    await entityApi.restore(def.name, record.id);
    message.success(t('list.restored'));
    await refresh();
  };

  const purge = (record: EntityRecord) =>
    modal.confirm({
      title: t('list.purge'),
      content: t('list.confirmPurge', { label: labelOf(record) }),
      okText: t('list.purge'),
      okButtonProps: { danger: true },
      cancelText: t('form.cancel'),
      onOk: async () => {
        await entityApi.purge(def.name, record.id);
        message.success(t('list.purged'));
        await refresh();
      },
    });

  const report = (label: string, result: BatchResult) => {
    const done = result.succeeded.length;
    const failed = result.skipped.length;
    if (failed === 0) message.success(t('bulk.done', { action: label, done }));
    else message.warning(t('bulk.doneWithFailures', { action: label, done, failed }));
  };

  /** A batch on the selection: the ticked ids, or every record matching the list's filters. */
  const runBatch = (input: {
    name: string;
    label: string;
    selection: Selection;
    total: number;
    action?: NamedAction;
    isDanger?: boolean;
    onDone: () => void;
  }) => {
    // "All matching" names the count the user was shown: the server acts only while exactly that many match.
    const target: BatchTarget = input.selection.isAllMatching
      ? { filter: matchQuery, expectedCount: input.total }
      : { ids: input.selection.ids };
    const count = input.selection.isAllMatching ? input.total : input.selection.ids.length;
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
    if (action.input && Object.keys(action.input).length > 0) {
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

  return { runOne, remove, restore, purge, runBatch, pendingInput, closeInput: () => setPendingInput(null) };
}
