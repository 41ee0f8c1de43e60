import { type EntityRecord, getEntity } from '@organiser/domain';
import { Button, Card, Empty, Form, Image, Input, List, Modal, Space, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ignoreShownError } from '../../api/client';
import { entityApi } from '../../api/entity-api';
import {
  EntityForm,
  EntityListPage,
  type FormSlots,
  type ListSlots,
  pageLinkAction,
  useEntityAccess,
} from '../../engine';
import { useLang } from '../../i18n/use-lang';
import { useBadges } from '../../layout/badges';
import type { PageProps } from '../../navigation/page-props';
import { fileUrl, useSession } from '../../state/session';
import { chatTextsIn, useChatText } from './messages';

// The site chat screens: the conversation list (the generic list with the reader's unread and unreplied counts
// and shortcuts to them, a row opening the conversation) and the conversation page (the conversation read only,
// its Reply command in the footer, and the whole thread below it, a page at a time; staff hide a message with a
// reason). Opening a conversation marks it read for the reader. Messages are shown as text, never HTML.

const LIST = '/site_chat_message/site_chat_message_list';
const PAGE_SIZE = 50;

function ListCounts() {
  const t = useChatText();
  const navigate = useNavigate();
  const isCompany = useSession((s) => s.user?.type === 'company');
  const badges = useBadges();
  const readField = isCompany ? 'readedByCompany' : 'readedByStaff';
  if (badges.chatUnread === null) return null;
  return (
    <Space size="small" data-testid="chat-counts">
      <Button size="small" onClick={() => navigate(`${LIST}?${readField}=false`)}>
        {t('list.unreadOnly')} · {t('list.unread', { n: badges.chatUnread })}
      </Button>
      <Button size="small" onClick={() => navigate(`${LIST}?replied=false`)}>
        {t('list.unrepliedOnly')} · {t('list.unreplied', { n: badges.chatUnreplied ?? 0 })}
      </Button>
    </Space>
  );
}

const listSlots: ListSlots = {
  toolbar: () => <ListCounts />,
  rowActions: (record, ctx) =>
    pageLinkAction(ctx, {
      page: 'SiteChatMessageEdit',
      key: 'open',
      label: chatTextsIn(ctx.meta.lang)('list.open'),
      id: record.id,
    }),
};

export const ChatListPage = (props: PageProps) => <EntityListPage {...props} slots={listSlots} />;

type Message = EntityRecord & {
  sender: 'buyer' | 'company' | 'staff';
  senderAccount: string | null;
  content: string | null;
  attachments: string[] | null;
  hidden: boolean;
  hiddenReason: string | null;
};

const senderColour = { buyer: 'green', company: 'blue', staff: 'gold' } as const;

function HideDialog({ message, onDone }: { message: Message | null; onDone: (changed: boolean) => void }) {
  const t = useChatText();
  const [form] = Form.useForm<{ reason: string }>();
  const [isRunning, setRunning] = useState(false);
  const submit = async () => {
    const { reason } = await form.validateFields();
    setRunning(true);
    try {
      await entityApi.command('site_chat_message', 'hide', { id: message!.id }, { reason });
      form.resetFields();
      onDone(true);
    } catch (error) {
      ignoreShownError(error);
    } finally {
      setRunning(false);
    }
  };
  return (
    <Modal
      open={message !== null}
      title={t('thread.hideTitle')}
      okText={t('thread.hide')}
      okButtonProps={{ danger: true, loading: isRunning }}
      onOk={() => void submit()}
      onCancel={() => onDone(false)}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('thread.hideHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={t('thread.reason')}
          rules={[{ required: true, whitespace: true, message: t('thread.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function MessageItem({ m, onHide }: { m: Message; onHide?: (m: Message) => void }) {
  const t = useChatText();
  const lang = useLang();
  const prefix = useSession((s) => s.urlPrefix);
  return (
    <List.Item
      data-testid="chat-message"
      actions={
        onHide && !m.hidden
          ? [
              <Button key="hide" size="small" danger onClick={() => onHide(m)}>
                {t('thread.hide')}
              </Button>,
            ]
          : []
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Tag color={senderColour[m.sender]}>{t(`thread.${m.sender}`)}</Tag>
          <Typography.Text type="secondary">
            {m.senderAccount} · {new Date(m.createdAt).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-GB')}
          </Typography.Text>
          {m.hidden && <Tag color="red">{t('thread.hidden', { reason: m.hiddenReason ?? '' })}</Tag>}
        </Space>
        <Typography.Paragraph
          style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}
          delete={m.hidden}
          type={m.hidden ? 'secondary' : undefined}
        >
          {m.content}
        </Typography.Paragraph>
        {(m.attachments ?? []).length > 0 && (
          <Image.PreviewGroup>
            {(m.attachments ?? []).map((src) => (
              <Image
                key={src}
                src={fileUrl(src, prefix)}
                width={96}
                height={96}
                style={{ objectFit: 'cover' }}
              />
            ))}
          </Image.PreviewGroup>
        )}
      </Space>
    </List.Item>
  );
}

/** The conversation's messages, oldest first, a page at a time (the last page first: the newest messages). */
function Thread({ record }: { record: EntityRecord }) {
  const t = useChatText();
  const access = useEntityAccess(getEntity('site_chat_message')!);
  const [page, setPage] = useState<number | null>(null);
  const [data, setData] = useState<{ list: Message[]; total: number } | null>(null);
  const [hiding, setHiding] = useState<Message | null>(null);
  const [reloads, setReloads] = useState(0);
  const { id, version } = record;
  const total = Number(record.messageCount ?? 0);
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // a reply changes the record's version: the thread goes to its last page again
  // biome-ignore lint/correctness/useExhaustiveDependencies: the version marks a new message
  useEffect(() => setPage(lastPage), [lastPage, version]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a hidden message (reloads) reads the page again
  useEffect(() => {
    if (page === null || version < 1) return;
    const controller = new AbortController();
    entityApi
      .list('site_chat_message', { conversationId: id, page, size: PAGE_SIZE }, controller.signal)
      .then((res) => setData({ list: res.list as Message[], total: res.total }))
      .catch(ignoreShownError);
    return () => controller.abort();
  }, [id, version, page, reloads]);
  const canHide = access.canCommand('hide', 'record');
  return (
    <Card
      size="small"
      title={t('thread.title')}
      extra={data ? t('thread.count', { n: data.total }) : null}
      style={{ marginTop: 16 }}
      data-testid="chat-thread"
    >
      {data && data.list.length === 0 ? (
        <Empty description={t('thread.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <List
          dataSource={data?.list ?? []}
          rowKey="id"
          loading={data === null}
          pagination={
            (data?.total ?? 0) > PAGE_SIZE
              ? {
                  current: page ?? 1,
                  pageSize: PAGE_SIZE,
                  total: data?.total ?? 0,
                  showSizeChanger: false,
                  onChange: setPage,
                }
              : false
          }
          renderItem={(m) => <MessageItem m={m} onHide={canHide ? setHiding : undefined} />}
        />
      )}
      <HideDialog
        message={hiding}
        onDone={(changed) => {
          setHiding(null);
          if (changed) setReloads((n) => n + 1);
        }}
      />
    </Card>
  );
}

const formSlots: FormSlots = {
  sections: (record) => (record ? <Thread record={record} /> : null),
};

/** Marks the conversation read for the reader (its company, or staff) before showing it. */
function useMarkRead(id: string): boolean {
  const isCompany = useSession((s) => s.user?.type === 'company');
  const access = useEntityAccess(getEntity('site_chat_conversation')!);
  const canMark = access.canCommand('markRead', 'record');
  const [isReady, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    const readField = isCompany ? 'readedByCompany' : 'readedByStaff';
    entityApi
      .get('site_chat_conversation', id)
      .then(async (row) => {
        if (canMark && row && (row as Record<string, unknown>)[readField] === false)
          await entityApi.command('site_chat_conversation', 'markRead', { id: Number(id) });
      })
      .catch(ignoreShownError)
      .finally(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [id, isCompany, canMark]);
  return isReady;
}

/** /site_chat_message/site_chat_message_edit/{id}: one conversation. */
export function ChatConversationPage({ route, params }: PageProps): ReactNode {
  const isReady = useMarkRead(params.id ?? '');
  if (!isReady) return <Card loading variant="borderless" />;
  return (
    <EntityForm
      key={`site_chat_conversation:${params.id}`}
      entity="site_chat_conversation"
      id={params.id}
      title={route.title}
      slots={formSlots}
    />
  );
}
