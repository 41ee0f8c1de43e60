import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** A spinner that screen readers announce as "Loading…". */
export function Loading({
  size = 'default',
  className,
}: {
  size?: 'small' | 'default' | 'large';
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div role="status" className={className}>
      <Spin size={size} />
      <span className="app-visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
