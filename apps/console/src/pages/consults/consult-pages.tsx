import type { EntityRecord } from '@organiser/domain';
import { Card, Empty, Image, List, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { callApi } from '../../api/call';
import { ignoreShownError } from '../../api/client';
import { EntityForm, type FormSlots } from '../../engine';
import { useLang } from '../../i18n/use-lang';
import type { PageProps } from '../../navigation/page-props';
import { useConsultText } from './messages';

// /consult/consult_edit/{id}: the generic consult screen (the enquiry, the buyer, company and product, read
// only; the Reply command in its footer) with the reply thread below it. Texts are shown as text, never HTML.

type Reply = {
  id: number;
  content: string;
  images: string[];
  authorKind: 'staff' | 'supplier';
  authorAccount: string;
  createdAt: string;
};

function ReplyThread({ record }: { record: EntityRecord }) {
  const t = useConsultText();
  const lang = useLang();
  const [rows, setRows] = useState<Reply[] | null>(null);
  // the record's version changes after a reply, so the thread reloads with it
  const { id, version } = record;
  useEffect(() => {
    if (version < 1) return;
    void callApi('consult_replies', { params: { id } })
      .then((res) => setRows(res.content as Reply[]))
      .catch(ignoreShownError);
  }, [id, version]);
  return (
    <Card size="small" title={t('thread.title')} style={{ marginTop: 16 }} data-testid="consult-thread">
      {rows && rows.length === 0 ? (
        <Empty description={t('thread.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <List
          dataSource={rows ?? []}
          rowKey="id"
          renderItem={(r) => (
            <List.Item>
              <Space direction="vertical" style={{ width: '100%' }}>
                <Space>
                  <Tag color={r.authorKind === 'supplier' ? 'blue' : 'gold'}>
                    {t(r.authorKind === 'supplier' ? 'thread.supplier' : 'thread.staff')}
                  </Tag>
                  <Typography.Text type="secondary">
                    {r.authorAccount} ·{' '}
                    {new Date(r.createdAt).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-GB')}
                  </Typography.Text>
                </Space>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                  {r.content}
                </Typography.Paragraph>
                {r.images.length > 0 && (
                  <Image.PreviewGroup>
                    {r.images.map((src) => (
                      <Image key={src} src={src} width={96} height={96} style={{ objectFit: 'cover' }} />
                    ))}
                  </Image.PreviewGroup>
                )}
              </Space>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

const slots: FormSlots = {
  sections: (record) => (record ? <ReplyThread record={record} /> : null),
};

export function ConsultFormPage({ route, params }: PageProps) {
  return (
    <EntityForm
      key={`consult:${params.id}`}
      entity="consult"
      id={params.id}
      title={route.title}
      slots={slots}
    />
  );
}
