import { CommentOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../state/session';
import { connectBadges, useBadges } from './badges';

/** The navbar's badges: unreplied consults and unread chat conversations, each opening its list filtered to
 * them; nothing for a list the person may not open. */
export function NavbarBadges() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const isCompany = useSession((s) => s.user?.type === 'company');
  const badges = useBadges();
  useEffect(() => (token ? connectBadges(token) : undefined), [token]);
  const readField = isCompany ? 'readedByCompany' : 'readedByStaff';
  return (
    <>
      {badges.consultsUnreplied !== null && (
        <Tooltip title={t('navbar.unrepliedConsults')}>
          <Button
            type="text"
            aria-label={`${t('navbar.unrepliedConsults')}: ${badges.consultsUnreplied}`}
            data-testid="badge-consults"
            onClick={() => navigate('/consult/consult_list?isFeedback=false')}
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
            onClick={() => navigate(`/site_chat_message/site_chat_message_list?${readField}=false`)}
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
