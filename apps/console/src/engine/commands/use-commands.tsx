import type { CommandDef, CommandPlacement, EntityRecord } from '@organiser/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { type BatchTarget, entityApi, fieldErrorsOf } from '../../api/entity-api';
import { entityKeys } from '../../api/query-keys';
import { useEngineText } from '../../messages';
import type { EntityAccess } from '../access';
import type { EntityMeta } from '../entity-meta';
import type { PendingInput, RowAction } from '../slots';

/** One declared command with its name. */
export type NamedCommand = CommandDef & { name: string };

type Target = { id: number } | BatchTarget | null;

/** A command holds for a record when it has no `when`, or the record's field has one of its values. */
export const commandHolds = (command: CommandDef, record: EntityRecord) =>
  !command.when || command.when.in.some((v) => v === record[command.when!.field]);

/** The commands of an entity offered at a placement to this user (its permission under the entity's menu). */
export function placedCommands(meta: EntityMeta, access: EntityAccess, placement: CommandPlacement) {
  return Object.entries(meta.def.commands ?? {})
    .filter(([, c]) => c.placement.includes(placement))
    .filter(([name]) =>
      access.canCommand(name, placement === 'row' || placement === 'form' ? 'record' : 'many'),
    )
    .map(([name, c]): NamedCommand => ({ ...c, name }));
}

/**
 * The entity's declared commands as buttons: on a row, on the edit form's footer, on the selection bar and on the
 * list's toolbar. A command with input asks for it in a dialog (the server's field errors show on its fields);
 * one with `confirm` or `danger` asks first; then it calls the command's route and refreshes the entity.
 */
export function useCommands(meta: EntityMeta, access: EntityAccess) {
  const { lang } = meta;
  const [pendingInput, setPendingInput] = useState<PendingInput | null>(null);

  const run = useRunCommand(meta, setPendingInput);

  const button = (command: NamedCommand, onClick: () => void, size?: 'small') => (
    <Button key={command.name} size={size} danger={command.danger} onClick={onClick}>
      {command.label[lang]}
    </Button>
  );

  return {
    /** Row actions of a record: the record commands whose `when` holds for it. */
    row: (record: EntityRecord): RowAction[] =>
      placedCommands(meta, access, 'row')
        .filter((c) => commandHolds(c, record))
        .map((c) => ({
          key: `command-${c.name}`,
          label: c.label[lang],
          isDanger: c.danger,
          onClick: () => run(c, { id: record.id }),
        })),
    /** Buttons of the edit form's footer. */
    form: (record: EntityRecord | null): ReactNode =>
      record
        ? placedCommands(meta, access, 'form')
            .filter((c) => commandHolds(c, record))
            .map((c) => button(c, () => run(c, { id: record.id })))
        : null,
    /** Buttons of the selection bar (the ticked records). */
    bulk: (target: BatchTarget, onDone: () => void): ReactNode =>
      placedCommands(meta, access, 'bulk').map((c) => button(c, () => run(c, target, onDone), 'small')),
    /** Buttons of the list's toolbar (the entity as a whole). */
    toolbar: (): ReactNode =>
      placedCommands(meta, access, 'toolbar').map((c) => button(c, () => run(c, null))),
    pendingInput,
    closeInput: () => setPendingInput(null),
  };
}

export type Commands = ReturnType<typeof useCommands>;

/** Runs a command: its input asked for first (through `ask`), or a confirmation; then the call and a refresh. */
function useRunCommand(meta: EntityMeta, ask: (pending: PendingInput) => void) {
  const t = useEngineText();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const { lang } = meta;
  // A secret the server made (a key, a password): shown here once, to copy; it is stored nowhere in clear.
  const showOnce = (command: NamedCommand, content: unknown) => {
    const values = Object.values((content ?? {}) as Record<string, unknown>).filter(
      (v): v is string => typeof v === 'string' && v !== '',
    );
    modal.success({
      title: t('list.actionDone', { action: command.label[lang] }),
      width: 560,
      content: (
        <div data-testid="result-once">
          <Typography.Paragraph type="warning">{t('command.resultOnce')}</Typography.Paragraph>
          {values.map((value) => (
            <Typography.Paragraph key={value} code copyable>
              {value}
            </Typography.Paragraph>
          ))}
        </div>
      ),
    });
  };
  const send = async (command: NamedCommand, target: Target, input: Record<string, unknown>) => {
    const res = await entityApi.command(meta.def.name, command.name, target, input).catch(() => null);
    if (!res) return false;
    if (!res.success) {
      const errors = fieldErrorsOf(res);
      return errors.length > 0 ? { errors } : false;
    }
    if (command.showResultOnce) showOnce(command, res.content);
    else message.success(t('list.actionDone', { action: command.label[lang] }));
    await queryClient.invalidateQueries({ queryKey: entityKeys.all(meta.def.name) });
    return true;
  };

  const run = (command: NamedCommand, target: Target, onDone?: () => void) => {
    const go = async (input: Record<string, unknown>) => {
      const result = await send(command, target, input);
      if (result === true) onDone?.();
      return result;
    };
    if (command.input && Object.keys(command.input).length > 0) {
      ask({ action: { ...command, field: '', from: [], to: '' }, run: go });
      return;
    }
    const question =
      command.confirm?.[lang] ??
      (command.danger ? t('command.confirm', { action: command.label[lang] }) : undefined);
    if (!question) {
      void go({});
      return;
    }
    modal.confirm({
      title: command.label[lang],
      content: question,
      okText: command.label[lang],
      okButtonProps: { danger: command.danger },
      cancelText: t('form.cancel'),
      onOk: () => go({}),
    });
  };

  return run;
}
