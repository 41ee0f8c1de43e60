import { Button, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../app/document-title';
import '../errors/error-page.css';

/**
 * `/auth-redirect`: a third-party login pop-up lands here; the query string
 * is handed to the opener through local storage and the window closes. A browser only lets a page close a window
 * a script opened, so the page also says what happened and offers the way back, instead of staying blank.
 */
export function AuthRedirectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('routes.redirect'));
  useEffect(() => {
    try {
      localStorage.setItem('x-admin-oauth-code', window.location.search.replace(/^\?/, ''));
    } catch {
      // nothing to hand over without storage
    }
    window.close();
  }, []);
  return (
    <main className="error-page" aria-labelledby="auth-redirect-title">
      <div className="error-page-card">
        <h1 id="auth-redirect-title" className="error-page-title">
          {t('authRedirect.title')}
        </h1>
        <Typography.Paragraph type="secondary">{t('authRedirect.text')}</Typography.Paragraph>
        <Button type="primary" onClick={() => navigate('/login')}>
          {t('authRedirect.toLogin')}
        </Button>
      </div>
    </main>
  );
}
