import { HistoryOutlined } from '@ant-design/icons';
import { actionList, availableActions, recordLabel } from '@organiser/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Result, Row, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import {
  entityApi,
  entityKeys,
  type HistoryItem,
  useEngineText,
  useEntityAccess,
  useEntityMeta,
  useRecordActions,
} from '../../engine';
import { ActionInputDialog } from '../../engine/list/action-input-dialog';
import { RelativeTime } from '../../engine/list/cells';
import { RecordDetails } from '../../engine/record-details';
import { closeTab, listReturnPath } from '../../engine/return-path';
import { pick } from '../../i18n/i18n';
import type { PageProps } from '../../navigation/page-props';
import { useVisibleRoutes } from '../../navigation/visible-routes-context';
import '../../engine/entity-screens.css';
import './suppliers.css';

const ENTITY = 'company_audit';

/**
 * spec §2 /companyAudit/companyAudit_edit/{id}, §4: a company under audit. Its details read-only, its audit status
 * and the decisions taken so far (who, when, the reason), and the decisions its status allows: pass, refuse with a
 * reason, resubmit. A decision returns to the audit list.
 */
export function CompanyAuditPage({ route, params }: PageProps) {
  const text = useEngineText();
  const { t: frameT } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const meta = useEntityMeta(ENTITY);
  const { def, policy, lang } = meta;
  const access = useEntityAccess(def);
  const actions = useRecordActions(meta, {});
  const id = Number(params.id);
  const { flat } = useVisibleRoutes();
  // the audited entity's own edit page, to correct the record (an edit resubmits a refused one)
  const editPath = flat.find(
    (r) => r.view?.kind === 'entity-form' && r.view.mode === 'edit' && r.view.entity === def.source,
  )?.fullPath;

  const recordQuery = useQuery({
    queryKey: entityKeys.record(ENTITY, id),
    queryFn: ({ signal }) => entityApi.get(ENTITY, id, signal),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 0,
  });
  const historyQuery = useQuery({
    queryKey: entityKeys.history(ENTITY, id),
    queryFn: ({ signal }) => entityApi.history(ENTITY, id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
  const record = recordQuery.data;
  const machine = useMemo(() => actionList(def, policy), [def, policy]);
  const statusFields = useMemo(() => [...new Set(machine.map((a) => a.field))], [machine]);
  const decisions = useMemo(
    () => (historyQuery.data ?? []).filter((item) => isDecision(item, def.actions, statusFields)),
    [historyQuery.data, def.actions, statusFields],
  );

  const backToList = () => {
    const here = location.pathname;
    navigate(listReturnPath(def));
    closeTab(here);
  };

  if (recordQuery.isError) {
    return (
      <Card variant="borderless">
        <Result
          status="404"
          title={text('form.notFound')}
          extra={<Button onClick={() => navigate(listReturnPath(def))}>{text('audit.back')}</Button>}
        />
      </Card>
    );
  }

  const allowed = record
    ? availableActions(def, record, policy)
        .map((name) => machine.find((a) => a.name === name))
        .filter((a): a is (typeof machine)[number] => Boolean(a) && access.canAction(a!.name))
    : [];
  const statusTag = (field: string, value: unknown) => {
    const f = def.fields[field];
    const option = f?.kind === 'enum' ? f.options.find((o) => o.value === value) : undefined;
    if (!option) return null;
    return (
      <Tag key={field} color={option.color === 'default' ? undefined : option.color}>
        {option.label[lang]}
      </Tag>
    );
  };

  return (
    <div className="entity-form-page supplier-audit-page">
      <header className="entity-page-header">
        <h1 className="app-page-title">{pick(route.title, lang)}</h1>
        {record && (
          <span className="entity-page-subtitle">
            #{record.id} {recordLabel(def, record, lang)}
          </span>
        )}
        <Space wrap>
          {editPath && record && (
            <Button onClick={() => navigate(editPath.replace(':id', String(record.id)))}>
              {text('list.edit')}
            </Button>
          )}
          <Button onClick={() => navigate(listReturnPath(def))}>{text('audit.back')}</Button>
        </Space>
      </header>
      {!record ? (
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            <RecordDetails meta={meta} record={record} />
          </Col>
          <Col xs={24} xl={8}>
            <Card size="small" className="entity-form-group" title={text('audit.decision')}>
              <Space orientation="vertical" size={12} style={{ width: '100%' }}>
                <div className="supplier-audit-status">
                  {statusFields.map((field) => (
                    <span key={field}>
                      <Typography.Text type="secondary">
                        {frameT('common.labelled', { label: meta.fieldLabel(field) })}
                      </Typography.Text>
                      {statusTag(field, record[field])}
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
                        {action.label[lang]}
                      </Button>
                    ))}
                  </Space>
                )}
              </Space>
            </Card>
            <Card size="small" className="entity-form-group" title={text('audit.decisions')}>
              {!historyQuery.data ? (
                <Skeleton active />
              ) : decisions.length === 0 ? (
                <Empty description={text('audit.noDecisions')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
              ) : (
                <Timeline
                  items={decisions.map((item) => {
                    const action = def.actions[item.action];
                    const reasons = inputValues(item, action?.assign);
                    const change = item.changes.find((c) => statusFields.includes(c.field));
                    return {
                      key: `${item.version}-${item.action}`,
                      icon: <HistoryOutlined aria-hidden />,
                      content: (
                        <div className="supplier-audit-decision">
                          <div>
                            <strong>{action?.label[lang] ?? text('audit.resubmittedByEdit')}</strong>{' '}
                            {change && statusTag(change.field, change.new)}
                          </div>
                          <div className="supplier-audit-meta">
                            {text('history.by', { actor: item.actorAccount ?? text('history.system') })} ·{' '}
                            <RelativeTime value={item.at} frameT={frameT} />
                          </div>
                          {reasons.map((reason) => (
                            <div key={reason} className="supplier-audit-reason">
                              {text('audit.reason', { reason })}
                            </div>
                          ))}
                        </div>
                      ),
                    };
                  })}
                />
              )}
            </Card>
          </Col>
        </Row>
      )}
      <ActionInputDialog meta={meta} pending={actions.pendingInput} onClose={actions.closeInput} />
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
