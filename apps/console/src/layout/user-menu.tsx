import { CaretDownOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logoutEverywhere } from '../app/logout';
import { fileUrl, useSession } from '../state/session';

/** The user menu: dashboard, profile, change password, log out. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const prefix = useSession((s) => s.urlPrefix);
  const name = user?.nickname || user?.account || '';
  const avatar = fileUrl(user?.avatar, prefix);
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          { key: '/dashboard', label: t('navbar.dashboard') },
          { key: '/profile/index', label: t('navbar.profile') },
          { key: '/profile/Changepwd', label: t('navbar.changePassword') },
          { type: 'divider' },
          { key: 'logout', label: t('navbar.logout') },
        ],
        onClick: async ({ key }) => {
          if (key !== 'logout') {
            navigate(key);
            return;
          }
          await logoutEverywhere();
          navigate('/login', { replace: true });
        },
      }}
    >
      <Button
        type="text"
        className="app-user-button"
        aria-label={`${t('common.labelled', { label: t('navbar.userMenu') })}${name}`}
        aria-haspopup="menu"
      >
        <Avatar
          size={28}
          shape="square"
          src={avatar || undefined}
          icon={avatar ? undefined : <UserOutlined />}
          alt=""
        />
        <span className="app-user-name">{name}</span>
        <CaretDownOutlined aria-hidden style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
