import { BellOutlined, CommentOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Badge, Button, Dropdown, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../state/session';
import { connectBadges, useBadges } from './badges';

/** The navbar's badges: unreplied consults and unread chat conversations, each opening its list filtered to
 * them; nothing for a list the person may not open. On a phone the bar has room for one: their sum, with the
 * two lists in its menu. */
export function NavbarBadges({ isMobile = false }: { isMobile?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const isCompany = useSession((s) => s.user?.type === 'company');
  const badges = useBadges();
  useEffect(() => (token ? connectBadges(token) : undefined), [token]);
  const readField = isCompany ? 'readedByCompany' : 'readedByStaff';
  const consultsPath = '/consult/consult_list?isFeedback=false';
  const chatsPath = `/site_chat_message/site_chat_message_list?${readField}=false`;
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
      {badges.consultsUnreplied !== null && (
        <Tooltip title={t('navbar.unrepliedConsults')}>
          <Button
            type="text"
            aria-label={`${t('navbar.unrepliedConsults')}: ${badges.consultsUnreplied}`}
            data-testid="badge-consults"
            onClick={() => navigate(consultsPath)}
          >
            <Badge count={badges.consultsUnreplied} size="small" overflowCount={99}>
              <QuestionCircleOutlined />
            </Badge>
          </Button>
        </Tooltip>
      )}
      {badges.chatUnread !== null && (
        <Tooltip title={t('navbar.unreadChats')}>
          <Button
            type="text"
            aria-label={`${t('navbar.unreadChats')}: ${badges.chatUnread}`}
            data-testid="badge-chat"
            data-count={badges.chatUnread}
            onClick={() => navigate(chatsPath)}
          >
            <Badge count={badges.chatUnread} size="small" overflowCount={99}>
              <CommentOutlined />
            </Badge>
          </Button>
        </Tooltip>
      )}
    </>
  );
}
