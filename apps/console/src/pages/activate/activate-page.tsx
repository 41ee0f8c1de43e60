import { Alert, Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { activateAccount } from '../../api/user';
import { useDocumentTitle } from '../../app/document-title';
import '../errors/error-page.css';

type State =
  | { kind: 'waiting' }
  | { kind: 'busy' }
  | { kind: 'done'; account: string }
  | { kind: 'refused'; message: string };

/**
 * `/activate?token=…`: where an activation mail's link leads. Opening the page activates nothing (mail scanners
 * open links); the account is activated when the person presses the button.
 */
export function ActivatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const [state, setState] = useState<State>({ kind: 'waiting' });
  useDocumentTitle(t('activate.title'));

  const press = async () => {
    setState({ kind: 'busy' });
    try {
      const res = await activateAccount(token);
      if (res.success && res.content.account) setState({ kind: 'done', account: res.content.account });
      else setState({ kind: 'refused', message: res.content.errors?.[0]?.message ?? res.message });
    } catch (error) {
      setState({ kind: 'refused', message: error instanceof Error ? error.message : t('common.error') });
    }
  };

  return (
    <main className="error-page" aria-labelledby="activate-title">
      <div className="error-page-card">
        <h1 id="activate-title" className="error-page-title">
          {t('activate.title')}
        </h1>
        {state.kind === 'done' ? (
          <>
            <Alert type="success" showIcon title={t('activate.done', { account: state.account })} />
            <Button type="primary" onClick={() => navigate('/login')}>
              {t('activate.toLogin')}
            </Button>
          </>
        ) : (
          <>
            <Typography.Paragraph type="secondary">
              {token ? t('activate.text') : t('activate.noToken')}
            </Typography.Paragraph>
            {state.kind === 'refused' && <Alert type="error" showIcon role="alert" title={state.message} />}
            <Button type="primary" disabled={!token} loading={state.kind === 'busy'} onClick={press}>
              {t('activate.submit')}
            </Button>
          </>
        )}
      </div>
    </main>
  );
}
