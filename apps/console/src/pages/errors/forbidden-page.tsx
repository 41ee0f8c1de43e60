import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDocumentTitle } from '../../app/document-title';
import './error-page.css';

/** `/401`: shown for a page the user may not open. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  useDocumentTitle(t('routes.forbidden'));
  const noGoBack = new URLSearchParams(location.search).has('noGoBack');
  return (
    <main className="error-page" aria-labelledby="forbidden-title">
      <div className="error-page-card">
        <p className="error-page-code" aria-hidden>
          {t('errorPage.forbiddenCode')}
        </p>
        <h1 id="forbidden-title" className="error-page-title">
          {t('errorPage.forbiddenTitle')}
        </h1>
        <Typography.Paragraph type="secondary">{t('errorPage.forbiddenHint')}</Typography.Paragraph>
        <Space>
          <Button
            onClick={() => {
              // template: back in history, or to the dashboard when asked not to go back
              if (noGoBack || window.history.length <= 1) navigate('/dashboard');
              else navigate(-1);
            }}
          >
            {t('errorPage.goBack')}
          </Button>
          <Button type="primary" onClick={() => navigate('/dashboard')}>
            {t('errorPage.toDashboard')}
          </Button>
        </Space>
      </div>
    </main>
  );
}
