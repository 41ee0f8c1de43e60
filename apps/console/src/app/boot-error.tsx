import { Button, ConfigProvider, Result } from 'antd';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../i18n/i18n';

function BootErrorContent({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <main className="app-fullscreen-status">
      <Result
        status="error"
        title={t('app.configFailed')}
        subTitle={t('app.configFailedHint')}
        extra={
          <Button type="primary" onClick={onRetry}>
            {t('app.retry')}
          </Button>
        }
      />
    </main>
  );
}

/** Shown when `/api/config` cannot be loaded: the console cannot know its deployment without it. */
export function BootError({ onRetry }: { onRetry: () => void }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider>
        <BootErrorContent onRetry={onRetry} />
      </ConfigProvider>
    </I18nextProvider>
  );
}
