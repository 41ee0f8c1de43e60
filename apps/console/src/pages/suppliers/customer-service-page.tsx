import { PlusOutlined } from '@ant-design/icons';
import { actionList, availableActions, type EntityRecord, getEntity, recordLabel } from '@organiser/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Table, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  entityApi,
  entityKeys,
  useEngineText,
  useEntityAccess,
  useEntityMeta,
  useRecordActions,
} from '../../engine';
import { RecordFormDrawer } from '../../engine/form/record-form-drawer';
import { ActionInputDialog } from '../../engine/list/action-input-dialog';
import type { CellContext } from '../../engine/list/cells';
import { type RowAction, RowActions } from '../../engine/list/row-actions';
import { listReturnPath } from '../../engine/return-path';
import { useScope } from '../../engine/scope';
import { renderValue } from '../../engine/widget-registry';
import { pick } from '../../i18n/i18n';
import type { PageProps } from '../../navigation/page-props';
import '../../engine/entity-screens.css';
import './suppliers.css';

const ENTITY = 'customer_service';
/** The contacts of one company fit on one page (the list's page-size cap). */
const PAGE_SIZE = 50;
const COLUMNS = ['name', 'mobile', 'position', 'email', 'avatar', 'status', 'isDefault'] as const;

/** The contacts' parent: the company the page's `:id` names, and the field pointing at it. */
const parentField = (() => {
  const def = getEntity(ENTITY);
  const entry = Object.entries(def?.fields ?? {}).find(
    ([, f]) => f.kind === 'relation' && f.to === 'company',
  );
  return entry?.[0] ?? 'companyId';
})();
/** The flag with exactly one holder per company (the default contact). */
const defaultField = (() => {
  const def = getEntity(ENTITY);
  const entry = Object.entries(def?.fields ?? {}).find(([, f]) => f.kind === 'boolean' && f.exclusive);
  return entry?.[0] ?? 'isDefault';
})();

/**
 * spec §2 /customer_service/customer_service_edit/{id}, §3 Customer service contact: the salespeople and IM service
 * staff of company {id}, reached from the company's row. Add and edit in a drawer (the password is never shown and
 * stays as it is when left empty), delete, enable / disable, and move the default contact (exactly one per company).
 */
export function CustomerServicePage({ route, params }: PageProps) {
  const text = useEngineText();
  const { t: frameT } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const meta = useEntityMeta(ENTITY);
  const { def, policy, lang } = meta;
  const access = useEntityAccess(def);
  const actions = useRecordActions(meta, {});
  const { isScoped } = useScope();
  const companyId = Number(params.id);
  const isValidId = Number.isInteger(companyId) && companyId > 0;
  // undefined: closed; null: a new contact; a number: that contact
  const [editing, setEditing] = useState<number | null | undefined>(undefined);

  const company = useQuery({
    queryKey: entityKeys.options('company', `ids:${companyId}`),
    queryFn: ({ signal }) => entityApi.options('company', { ids: [companyId] }, signal),
    enabled: isValidId,
  });
  const query = useMemo(
    () => ({ [parentField]: String(companyId), size: String(PAGE_SIZE), sort: 'createdAt', order: 'asc' }),
    [companyId],
  );
  const contacts = useQuery({
    queryKey: entityKeys.list(ENTITY, 'list', query),
    queryFn: ({ signal }) => entityApi.list(ENTITY, query, signal),
    enabled: isValidId,
  });
  const companyName = company.data?.[0]?.label;
  const machine = useMemo(() => actionList(def, policy), [def, policy]);
  const shown = COLUMNS.filter((name) => !(policy.hidden ?? []).includes(name) && def.fields[name]);

  const setDefault = async (record: EntityRecord) => {
    const res = await entityApi
      .update(ENTITY, record.id, { [defaultField]: true, version: record.version })
      .catch(() => null);
    if (!res?.success) return;
    message.success(text('contacts.defaultSet', { name: recordLabel(def, record, lang) }));
    await queryClient.invalidateQueries({ queryKey: entityKeys.all(ENTITY) });
  };

  const rowActions = (record: EntityRecord): RowAction[] => {
    const out: RowAction[] = [];
    if (access.canUpdate)
      out.push({ key: 'edit', label: text('list.edit'), onClick: () => setEditing(record.id) });
    if (access.canUpdate && !record[defaultField])
      out.push({
        key: 'default',
        label: text('contacts.setDefault'),
        onClick: () => void setDefault(record),
      });
    for (const name of availableActions(def, record, policy)) {
      const action = machine.find((a) => a.name === name);
      if (action && access.canAction(name))
        out.push({ key: name, label: action.label[lang], onClick: () => actions.runOne(record, action) });
    }
    if (access.canDelete)
      out.push({
        key: 'delete',
        label: text('list.delete'),
        isDanger: true,
        onClick: () => actions.remove(record),
      });
    return out;
  };

  const cell = (record: EntityRecord): CellContext => ({
    lang,
    t: text,
    frameT,
    record,
    mode: 'cell',
    ownerLabel: recordLabel(def, record, lang),
  });
  const columns: TableColumnsType<EntityRecord> = [
    ...shown.map((name) => {
      const field = def.fields[name]!;
      return {
        key: name,
        dataIndex: name,
        title: meta.fieldLabel(name),
        render: (value: unknown, record: EntityRecord) =>
          name === defaultField ? (
            value ? (
              <Tag color="processing">{text('contacts.default')}</Tag>
            ) : null
          ) : (
            renderValue(
              {
                name,
                kind: field.kind,
                label: field.label,
                options: field.kind === 'enum' ? field.options : undefined,
              },
              value,
              cell(record),
            )
          ),
      };
    }),
    {
      key: 'actions',
      title: text('list.actions'),
      width: 260,
      render: (_: unknown, record: EntityRecord) => (
        <RowActions actions={rowActions(record)} label={recordLabel(def, record, lang) || `#${record.id}`} />
      ),
    },
  ];

  return (
    <div className="entity-list-page supplier-contacts-page">
      <Card variant="borderless" className="entity-list-card">
        <div className="supplier-contacts-header">
          <h1 className="app-page-title">{pick(route.title, lang)}</h1>
          <span className="entity-page-subtitle">
            {companyName ? text('contacts.company', { name: companyName }) : null}
          </span>
          {access.canCreate && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing(null)}>
              {text('list.add')}
            </Button>
          )}
          {!isScoped && (
            <Button onClick={() => navigate(listReturnPath(getEntity('company')!))}>
              {text('contacts.back')}
            </Button>
          )}
        </div>
        <Table<EntityRecord>
          rowKey="id"
          className="entity-table"
          aria-label={text('list.table', { entity: meta.label({ plural: true }) })}
          columns={columns}
          dataSource={contacts.data?.list ?? []}
          loading={contacts.isLoading}
          pagination={false}
          scroll={{ x: 960 }}
          locale={{ emptyText: <p className="supplier-contacts-empty">{text('contacts.empty')}</p> }}
        />
      </Card>
      <RecordFormDrawer
        meta={meta}
        editing={editing}
        fixed={{ [parentField]: companyId }}
        onClose={() => setEditing(undefined)}
      />
      <ActionInputDialog meta={meta} pending={actions.pendingInput} onClose={actions.closeInput} />
    </div>
  );
}
