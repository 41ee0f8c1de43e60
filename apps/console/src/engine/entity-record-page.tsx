import { type EntityRecord, recordLabel } from '@organiser/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Result, Row, Skeleton, Space } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { entityApi } from '../api/entity-api';
import { entityKeys } from '../api/query-keys';
import { pick } from '../i18n/i18n';
import { useEngineText } from '../messages';
import { useVisibleRoutes } from '../navigation/visible-routes-context';
import { useEntityAccess } from './access';
import { useEntityMeta } from './entity-meta';
import { RecordDetails } from './record-details';
import { listReturnPath } from './return-path';
import type { RecordSlots, SlotContext } from './slots';
import '../components/entity-screens.css';

type Props = {
  entity: string;
  id: number;
  title: { en: string; zh: string };
  slots?: RecordSlots;
  /** The "back to the list" button's text (default: the engine's). */
  backLabel?: string;
  className?: string;
};

/**
 * One record on a page of its own: its details read-only, with a page's own header buttons and side panels
 * (the audit of a company: its decision and the decisions so far). A missing record shows "not found".
 */
export function EntityRecordPage({ entity, id, title, slots, backLabel, className }: Props) {
  const t = useEngineText();
  const navigate = useNavigate();
  const meta = useEntityMeta(entity);
  const { def, lang } = meta;
  const access = useEntityAccess(def);
  const { flat } = useVisibleRoutes();
  const ctx: SlotContext = { meta, access, navigate, routes: flat };
  const recordQuery = useQuery({
    queryKey: entityKeys.record(entity, id),
    queryFn: ({ signal }) => entityApi.get(entity, id, signal),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 0,
  });
  const record = recordQuery.data;
  const back = (
    <Button onClick={() => navigate(listReturnPath(def))}>{backLabel ?? t('list.backToList')}</Button>
  );
  if (recordQuery.isError)
    return (
      <Card variant="borderless">
        <Result status="404" title={t('form.notFound')} extra={back} />
      </Card>
    );
  return (
    <div className={['entity-form-page', className].filter(Boolean).join(' ')}>
      <header className="entity-page-header">
        <h1 className="app-page-title">{pick(title, lang)}</h1>
        {record && (
          <span className="entity-page-subtitle">
            #{record.id} {recordLabel(def, record, lang)}
          </span>
        )}
        <Space wrap>
          {record && slots?.headerActions?.(record, ctx)}
          {back}
        </Space>
      </header>
      {record ? (
        <RecordBody record={record} meta={meta} panels={slots?.sidePanels?.(record, ctx)} />
      ) : (
        <Loading />
      )}
    </div>
  );
}

function Loading() {
  return (
    <Card variant="borderless">
      <Skeleton active paragraph={{ rows: 8 }} />
    </Card>
  );
}

function RecordBody(props: {
  record: EntityRecord;
  meta: ReturnType<typeof useEntityMeta>;
  panels: ReactNode;
}) {
  return (
    // the panels (an audit's decision) come first, where the eye starts: above the details while they are
    // stacked, beside them on the right on a wide screen
    <Row gutter={[16, 16]}>
      {props.panels && (
        <Col xs={24} xl={{ span: 8, order: 2 }}>
          {props.panels}
        </Col>
      )}
      <Col xs={24} xl={{ span: props.panels ? 16 : 24, order: 1 }}>
        <RecordDetails meta={props.meta} record={props.record} />
      </Col>
    </Row>
  );
}
