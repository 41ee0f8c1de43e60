import { HistoryOutlined, RollbackOutlined } from '@ant-design/icons';
import { type EntityRecord, isSecretField, recordLabel, resolveFields } from '@organiser/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Empty, Skeleton, Table, Tabs, Timeline } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { entityApi, type HistoryItem } from '../api/entity-api';
import { entityKeys } from '../api/query-keys';
import { type EngineMessageKey, useEngineText } from '../messages';
import type { EntityAccess } from './access';
import { ChildPanels } from './child-panels';
import type { EntityMeta } from './entity-meta';
import { renderValue } from './widget-registry';
import { type CellContext, RelativeTime, type ValueFacts } from './widget-registry/cells';

type Props = {
  meta: EntityMeta;
  access: EntityAccess;
  recordId: number | null;
  onClose: () => void;
  onEdit?: (record: EntityRecord) => void;
  /** Panels after the record's details (a page's contributions, the children of a parent). */
  panels?: (record: EntityRecord) => ReactNode;
};

const SYSTEM: Record<string, { en: string; zh: string }> = {
  id: { en: 'ID', zh: 'ID' },
  version: { en: 'Version', zh: '版本' },
  createdAt: { en: 'Created', zh: '创建时间' },
  updatedAt: { en: 'Updated', zh: '更新时间' },
  deletedAt: { en: 'Deleted', zh: '删除时间' },
};

const KNOWN_ACTIONS = new Set([
  'create',
  'update',
  'updateWithoutVersion',
  'delete',
  'restore',
  'revert',
  'import',
]);

/** A record's details and its history (who, when, what changed old → new), with revert. */
export function RecordDrawer({ meta, access, recordId, onClose, onEdit, panels }: Props) {
  const t = useEngineText();
  const { def } = meta;
  const isOpen = recordId !== null;
  const recordQuery = useQuery({
    queryKey: entityKeys.record(def.name, recordId ?? 0),
    queryFn: ({ signal }) => entityApi.get(def.name, recordId!, signal),
    enabled: isOpen,
  });
  // the history loads with the record, so its tab opens on it at once
  useQuery({
    queryKey: entityKeys.history(def.name, recordId ?? 0),
    queryFn: ({ signal }) => entityApi.history(def.name, recordId!, signal),
    enabled: isOpen && access.hasHistory,
  });
  const record = recordQuery.data;
  return (
    <Drawer
      open={isOpen}
      onClose={onClose}
      size={720}
      title={record ? t('drawer.title', { entity: meta.label(), id: record.id }) : meta.label()}
      extra={
        record && onEdit && !record.deletedAt ? (
          <Button type="primary" onClick={() => onEdit(record)}>
            {t('list.edit')}
          </Button>
        ) : null
      }
      destroyOnHidden
    >
      <Tabs
        items={[
          {
            key: 'details',
            label: t('drawer.details'),
            children: (
              <>
                <Details meta={meta} record={record} />
                {record && panels?.(record)}
                {record && !record.deletedAt && <ChildPanels entity={def.name} record={record} />}
              </>
            ),
          },
          ...(access.hasHistory && recordId !== null
            ? [
                {
                  key: 'history',
                  label: t('drawer.history'),
                  children: <History meta={meta} access={access} recordId={recordId} record={record} />,
                },
              ]
            : []),
        ]}
      />
    </Drawer>
  );
}

/** How values show in the drawer: full (not a table cell's one line), relation labels from the record. */
function useDetailValues(meta: EntityMeta, record: EntityRecord | undefined) {
  const t = useEngineText();
  const { t: frameT } = useTranslation();
  const { def, lang } = meta;
  const ctx: CellContext = {
    ...{ lang, t, frameT, record, mode: 'detail' },
    ownerLabel: record ? recordLabel(def, record, lang) : '',
  };
  const factsOf = (name: string): ValueFacts => {
    const field = def.fields[name];
    if (!field) return { name, kind: name.endsWith('At') ? 'datetime' : 'integer', label: SYSTEM[name] };
    return {
      name,
      kind: field.kind,
      label: field.label,
      options: field.kind === 'enum' ? field.options : undefined,
    };
  };
  const labelOf = (name: string) => meta.fieldLabel(name, SYSTEM[name] ?? { en: name, zh: name });
  return { ctx, factsOf, labelOf };
}

/** Every visible field of the record, its system fields after them. */
function Details({ meta, record }: { meta: EntityMeta; record: EntityRecord | undefined }) {
  const { ctx, factsOf, labelOf } = useDetailValues(meta, record);
  const { def, policy } = meta;
  if (!record) return <Skeleton active />;
  // secrets (passwords) are never returned: no row for them
  const visible = resolveFields(def, policy).filter((s) => !s.isHidden && !isSecretField(s.field));
  const names = [
    'id',
    ...visible.map((s) => s.name),
    'version',
    'createdAt',
    'updatedAt',
    ...(record.deletedAt ? ['deletedAt'] : []),
  ];
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      styles={{ label: { width: 160 } }}
      items={names.map((name) => ({
        key: name,
        label: labelOf(name),
        children: renderValue(
          { ...factsOf(name), widget: def.fields[name]?.form?.widget },
          name === 'version' ? record.version : record[name],
          ctx,
        ),
      }))}
    />
  );
}

/** Reverts the record to an earlier version, after a confirmation. */
function useRevert(meta: EntityMeta, recordId: number) {
  const t = useEngineText();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const { def } = meta;
  return (item: HistoryItem) =>
    modal.confirm({
      title: t('history.revert'),
      content: t('history.confirmRevert', { version: item.version }),
      okText: t('history.revert'),
      cancelText: t('form.cancel'),
      onOk: async () => {
        await entityApi.revert(def.name, recordId, item.version);
        message.success(t('history.reverted', { version: item.version }));
        await queryClient.invalidateQueries({ queryKey: entityKeys.all(def.name) });
      },
    });
}

/** The record's versions, newest first: who, when, what changed; revert to an earlier one. */
function History(props: {
  meta: EntityMeta;
  access: EntityAccess;
  recordId: number;
  record: EntityRecord | undefined;
}) {
  const { meta, access, recordId, record } = props;
  const t = useEngineText();
  const { t: frameT } = useTranslation();
  const { def, lang } = meta;
  const { ctx, factsOf, labelOf } = useDetailValues(meta, record);
  const revert = useRevert(meta, recordId);
  const historyQuery = useQuery({
    queryKey: entityKeys.history(def.name, recordId),
    queryFn: ({ signal }) => entityApi.history(def.name, recordId, signal),
    // loaded when the drawer opened: not again when the tab is shown
    refetchOnMount: false,
  });
  /** A past value; a related record it shares with the current one gets the current label instead of its id. */
  const historyValue = (name: string, value: unknown) => {
    const isCurrent = record && JSON.stringify(record[name]) === JSON.stringify(value);
    return renderValue(factsOf(name), value, { ...ctx, record: isCurrent ? record : undefined });
  };
  const actionLabel = (item: HistoryItem) =>
    def.actions[item.action]?.label[lang] ??
    (KNOWN_ACTIONS.has(item.action) ? t(`history.action.${item.action}` as EngineMessageKey) : item.action);
  const history = historyQuery.data;
  const newest = history?.[0]?.version;
  return !history ? (
    <Skeleton active />
  ) : history.length === 0 ? (
    <Empty description={t('history.empty')} />
  ) : (
    <Timeline
      items={history.map((item) => ({
        key: `${item.version}-${item.action}-${item.at}`,
        icon: <HistoryOutlined aria-hidden />,
        content: (
          <div className="entity-history-item">
            <div className="entity-history-head">
              <strong>{actionLabel(item)}</strong>
              <span>{t('history.version', { version: item.version })}</span>
              <span>{t('history.by', { actor: item.actorAccount ?? t('history.system') })}</span>
              <RelativeTime value={item.at} frameT={frameT} />
              {item.version === newest ? (
                <span className="entity-history-current">{t('history.current')}</span>
              ) : access.canRevert && item.action !== 'delete' && !record?.deletedAt ? (
                <Button size="small" icon={<RollbackOutlined aria-hidden />} onClick={() => revert(item)}>
                  {t('history.revert')}
                </Button>
              ) : null}
            </div>
            {item.changes.length > 0 && (
              <Table
                size="small"
                pagination={false}
                rowKey="field"
                dataSource={item.changes}
                columns={[
                  {
                    title: t('history.field'),
                    dataIndex: 'field',
                    width: 140,
                    render: (f: string) => labelOf(f),
                  },
                  {
                    title: t('history.old'),
                    dataIndex: 'old',
                    render: (v: unknown, c) => historyValue(c.field, v),
                  },
                  {
                    title: t('history.new'),
                    dataIndex: 'new',
                    render: (v: unknown, c) => historyValue(c.field, v),
                  },
                ]}
              />
            )}
          </div>
        ),
      }))}
    />
  );
}
