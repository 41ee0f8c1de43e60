import {
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  CalendarOutlined,
  CommentOutlined,
  CrownOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FileOutlined,
  FireOutlined,
  MailOutlined,
  MessageOutlined,
  NotificationOutlined,
  PictureOutlined,
  SafetyCertificateOutlined,
  SearchOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { type ComponentType, useEffect, useState } from 'react';

// Menu icons by antd icon name. The catalogue's icons are bundled; an icon chosen in the permission screen
// (any antd icon name) loads the full icon set on demand, so the login page never carries it.

type IconComponent = ComponentType<{ 'aria-hidden'?: boolean }>;

const bundled: Record<string, IconComponent> = {
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  CalendarOutlined,
  CommentOutlined,
  CrownOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FireOutlined,
  MailOutlined,
  MessageOutlined,
  NotificationOutlined,
  PictureOutlined,
  SafetyCertificateOutlined,
  SearchOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  ToolOutlined,
};

let allIcons: Promise<Record<string, ComponentType>> | null = null;
const loadAllIcons = () => {
  allIcons ??= import('../components/all-icons').then((m) => m.allIcons);
  return allIcons;
};

const isIconName = (name: string) => /^[A-Z][A-Za-z]+(Outlined|Filled|TwoTone)$/.test(name);

export function MenuIcon({ name }: { name?: string | null }) {
  const [loaded, setLoaded] = useState<IconComponent | null>(null);
  const known = name ? bundled[name] : undefined;
  useEffect(() => {
    if (!name || known || !isIconName(name)) return;
    let isCurrent = true;
    void loadAllIcons().then((icons) => {
      const icon = icons[name] as IconComponent | undefined;
      if (isCurrent && icon) setLoaded(() => icon);
    });
    return () => {
      isCurrent = false;
    };
  }, [name, known]);
  const Icon = known ?? loaded ?? (name ? FileOutlined : null);
  return Icon ? <Icon aria-hidden /> : null;
}
