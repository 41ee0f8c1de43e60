import { HistoryOutlined } from '@ant-design/icons';
import { actionList, availableActions, type EntityRecord } from '@organiser/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { entityApi, type HistoryItem } from '../../api/entity-api';
import { entityKeys } from '../../api/query-keys';
import {
  ActionInputDialog,
  closeTab,
  EntityRecordPage,
  listReturnPath,
  type RecordSlots,
  RelativeTime,
  type SlotContext,
  useRecordActions,
} from '../../engine';
import { useEngineText } from '../../messages';
import type { PageProps } from '../../navigation/page-props';
import { useSupplierText } from './messages';
import './suppliers.css';

const ENTITY = 'company_audit';

/**
 * /companyAudit/companyAudit_edit/{id}: a company under audit. The generic record page (its details
 * read-only) with the audit's own parts: an edit button to correct the company (an edit resubmits a refused one),
 * its audit status and the decisions its status allows (pass, refuse with a reason, resubmit), and the decisions
 * taken so far (who, when, the reason). A decision returns to the audit list.
 */
export function CompanyAuditPage({ route, params }: PageProps) {
  const text = useSupplierText();
  return (
    <EntityRecordPage
      entity={ENTITY}
      id={Number(params.id)}
      title={route.title}
      slots={auditSlots}
      backLabel={text('audit.back')}
      className="supplier-audit-page"
    />
  );
}

const auditSlots: RecordSlots = {
  headerActions: (record, ctx) => <EditButton key="edit" record={record} ctx={ctx} />,
  sidePanels: (record, ctx) => (
    <>
      <DecisionPanel record={record} ctx={ctx} />
      <DecisionsPanel record={record} ctx={ctx} />
    </>
  ),
};

type PanelProps = { record: EntityRecord; ctx: SlotContext };

/** The audited entity's own edit page, to correct the record. */
function EditButton({ record, ctx }: PanelProps) {
  const t = useEngineText();
  const editPath = ctx.routes.find(
    (r) => r.view?.kind === 'entity-form' && r.view.mode === 'edit' && r.view.entity === ctx.meta.def.source,
  )?.fullPath;
  if (!editPath) return null;
  return (
    <Button onClick={() => ctx.navigate(editPath.replace(':id', String(record.id)))}>{t('list.edit')}</Button>
  );
}

/** The status fields the audit's actions move. */
function useStatusFields(ctx: SlotContext) {
  const { def, policy } = ctx.meta;
  const machine = useMemo(() => actionList(def, policy), [def, policy]);
  const statusFields = useMemo(() => [...new Set(machine.map((a) => a.field))], [machine]);
  return { machine, statusFields };
}

function StatusTag({ ctx, field, value }: { ctx: SlotContext; field: string; value: unknown }) {
  const f = ctx.meta.def.fields[field];
  const option = f?.kind === 'enum' ? f.options.find((o) => o.value === value) : undefined;
  if (!option) return null;
  return (
    <Tag color={option.color === 'default' ? undefined : option.color}>{option.label[ctx.meta.lang]}</Tag>
  );
}

/** The audit status and the decisions it allows; a decision returns to the audit list. */
function DecisionPanel({ record, ctx }: PanelProps) {
  const text = useSupplierText();
  const { t: frameT } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { meta, access } = ctx;
  const actions = useRecordActions(meta, {});
  const { machine, statusFields } = useStatusFields(ctx);
  const allowed = availableActions(meta.def, record, meta.policy)
    .map((name) => machine.find((a) => a.name === name))
    .filter((a): a is (typeof machine)[number] => Boolean(a) && access.canAction(a!.name));
  const backToList = () => {
    const here = location.pathname;
    navigate(listReturnPath(meta.def));
    closeTab(here);
  };
  return (
    <Card size="small" className="entity-form-group" title={text('audit.decision')}>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <div className="supplier-audit-status">
          {statusFields.map((field) => (
            <span key={field}>
              <Typography.Text type="secondary">
                {frameT('common.labelled', { label: meta.fieldLabel(field) })}
              </Typography.Text>
              <StatusTag ctx={ctx} field={field} value={record[field]} />
            </span>
          ))}
        </div>
        {allowed.length === 0 ? (
          <Typography.Text type="secondary">{text('audit.noActions')}</Typography.Text>
        ) : (
          <Space wrap>
            {allowed.map((action, i) => (
              <Button
                key={action.name}
                type={i === 0 ? 'primary' : 'default'}
                danger={Boolean(action.input)}
                onClick={() => actions.runOne(record, action, { onDone: backToList })}
              >
                {action.label[meta.lang]}
              </Button>
            ))}
          </Space>
        )}
      </Space>
      <ActionInputDialog meta={meta} pending={actions.pendingInput} onClose={actions.closeInput} />
    </Card>
  );
}

/** The decisions taken so far: who, when, the status it set and the reason given. */
function DecisionsPanel({ record, ctx }: PanelProps) {
  const text = useSupplierText();
  const { def } = ctx.meta;
  const { statusFields } = useStatusFields(ctx);
  const historyQuery = useQuery({
    queryKey: entityKeys.history(ENTITY, record.id),
    queryFn: ({ signal }) => entityApi.history(ENTITY, record.id, signal),
  });
  const decisions = useMemo(
    () => (historyQuery.data ?? []).filter((item) => isDecision(item, def.actions, statusFields)),
    [historyQuery.data, def.actions, statusFields],
  );
  return (
    <Card size="small" className="entity-form-group" title={text('audit.decisions')}>
      {!historyQuery.data ? (
        <Skeleton active />
      ) : decisions.length === 0 ? (
        <Empty description={text('audit.noDecisions')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Timeline
          items={decisions.map((item) => ({
            key: `${item.version}-${item.action}`,
            icon: <HistoryOutlined aria-hidden />,
            content: <Decision item={item} ctx={ctx} statusFields={statusFields} />,
          }))}
        />
      )}
    </Card>
  );
}

function Decision({
  item,
  ctx,
  statusFields,
}: {
  item: HistoryItem;
  ctx: SlotContext;
  statusFields: string[];
}) {
  const text = useSupplierText();
  const t = useEngineText();
  const { t: frameT } = useTranslation();
  const action = ctx.meta.def.actions[item.action];
  const reasons = inputValues(item, action?.assign);
  const change = item.changes.find((c) => statusFields.includes(c.field));
  return (
    <div className="supplier-audit-decision">
      <div>
        <strong>{action?.label[ctx.meta.lang] ?? text('audit.resubmittedByEdit')}</strong>{' '}
        {change && <StatusTag ctx={ctx} field={change.field} value={change.new} />}
      </div>
      <div className="supplier-audit-meta">
        {t('history.by', { actor: item.actorAccount ?? t('history.system') })} ·{' '}
        <RelativeTime value={item.at} frameT={frameT} />
      </div>
      {reasons.map((reason) => (
        <div key={reason} className="supplier-audit-reason">
          {text('audit.reason', { reason })}
        </div>
      ))}
    </div>
  );
}

/** A decision: a status action of the audit, or an edit that moved the status (a refused company resubmitted). */
function isDecision(item: HistoryItem, actions: Record<string, { field: string }>, statusFields: string[]) {
  if (actions[item.action]) return statusFields.includes(actions[item.action]!.field);
  // an edit that moved the status (resubmitted); a creation only sets the first status
  return item.changes.some((c) => statusFields.includes(c.field) && c.old !== null && c.old !== undefined);
}

/** The values the action took from its input (a refusal's reason), as recorded in the change. */
function inputValues(item: HistoryItem, assign: Record<string, { from: string }> | undefined): string[] {
  if (!assign) return [];
  const fields = Object.entries(assign)
    .filter(([, rule]) => rule.from === 'input')
    .map(([field]) => field);
  return item.changes
    .filter((c) => fields.includes(c.field) && typeof c.new === 'string' && c.new !== '')
    .map((c) => String(c.new));
}
