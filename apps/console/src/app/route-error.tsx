import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { isMissingCode, NewVersionState } from '../components/new-version';
import { recordError } from '../state/error-log';

/** Last line of defence for an error outside the page boundaries: a message and a reload, never a blank page. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    recordError({ error, component: 'router', info: 'route' });
  }, [error]);
  if (isMissingCode(error))
    return (
      <main className="app-fullscreen-status">
        <NewVersionState />
      </main>
    );
  return (
    <main className="app-fullscreen-status">
      <Result
        status="warning"
        title={t('pageError.title')}
        subTitle={t('pageError.text')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </Button>
        }
      />
    </main>
  );
}
