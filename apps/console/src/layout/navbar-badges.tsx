import { BellOutlined, CommentOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Badge, Button, Dropdown, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useVisibleRoutes } from '../navigation/visible-routes-context';
import { useSession } from '../state/session';
import { connectBadges, NOT_RECEIVED, useBadges } from './badges';

const CONSULTS_LIST = '/consult/consult_list';
const CHATS_LIST = '/site_chat_message/site_chat_message_list';

/** The navbar's badges: unreplied consults and unread chat conversations, each opening its list filtered to
 * them; nothing for a list the person may not open. On a phone the bar has room for one: their sum, with the
 * two lists in its menu. Until the stream's first counts have come, each list the person's menus open has its
 * button already, without a count: the tools beside them do not move when the counts arrive (a click aimed at
 * one of them would land on another). */
export function NavbarBadges({ isMobile = false }: { isMobile?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const isCompany = useSession((s) => s.user?.type === 'company');
  const badges = useBadges();
  useEffect(() => (token ? connectBadges(token) : undefined), [token]);
  const { flat } = useVisibleRoutes();
  const readField = isCompany ? 'readedByCompany' : 'readedByStaff';
  const consultsPath = `${CONSULTS_LIST}?isFeedback=false`;
  const chatsPath = `${CHATS_LIST}?${readField}=false`;
  const isKnown = badges !== NOT_RECEIVED;
  /** A badge's button: where its count is known, when the stream gave one; before that, when the list is open. */
  const shows = (count: number | null, list: string) =>
    isKnown ? count !== null : flat.some((r) => r.fullPath === list);
  const label = (text: string, count: number | null) => (isKnown ? `${text}: ${count}` : text);
  if (isMobile) {
    const items = [
      ...(badges.consultsUnreplied !== null
        ? [{ key: consultsPath, label: `${t('navbar.unrepliedConsults')} (${badges.consultsUnreplied})` }]
        : []),
      ...(badges.chatUnread !== null
        ? [{ key: chatsPath, label: `${t('navbar.unreadChats')} (${badges.chatUnread})` }]
        : []),
    ];
    if (items.length === 0) return null;
    const total = (badges.consultsUnreplied ?? 0) + (badges.chatUnread ?? 0);
    return (
      <Dropdown menu={{ items, onClick: ({ key }) => navigate(key) }} trigger={['click']}>
        <Button type="text" aria-label={`${t('navbar.waitingWork')}: ${total}`} data-testid="badge-total">
          <Badge count={total} size="small" overflowCount={99}>
            <BellOutlined />
          </Badge>
        </Button>
      </Dropdown>
    );
  }
  return (
    <>
      {shows(badges.consultsUnreplied, CONSULTS_LIST) && (
        <Tooltip title={t('navbar.unrepliedConsults')}>
          <Button
            type="text"
            aria-label={label(t('navbar.unrepliedConsults'), badges.consultsUnreplied)}
            data-testid="badge-consults"
            onClick={() => navigate(consultsPath)}
          >
            <Badge count={badges.consultsUnreplied ?? 0} size="small" overflowCount={99}>
              <QuestionCircleOutlined />
            </Badge>
          </Button>
        </Tooltip>
      )}
      {shows(badges.chatUnread, CHATS_LIST) && (
        <Tooltip title={t('navbar.unreadChats')}>
          <Button
            type="text"
            aria-label={label(t('navbar.unreadChats'), badges.chatUnread)}
            data-testid="badge-chat"
            data-count={badges.chatUnread ?? undefined}
            onClick={() => navigate(chatsPath)}
          >
            <Badge count={badges.chatUnread ?? 0} size="small" overflowCount={99}>
              <CommentOutlined />
            </Badge>
          </Button>
        </Tooltip>
      )}
    </>
  );
}
