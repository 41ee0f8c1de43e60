import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../app/document-title';
import './error-page.css';

/** `/404`: where unknown paths end. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('routes.notFound'));
  return (
    <main className="error-page" aria-labelledby="not-found-title">
      <div className="error-page-card">
        <p className="error-page-code" aria-hidden>
          {t('errorPage.notFoundCode')}
        </p>
        <h1 id="not-found-title" className="error-page-title">
          {t('errorPage.notFoundTitle')}
        </h1>
        <Typography.Paragraph type="secondary">{t('errorPage.notFoundHint')}</Typography.Paragraph>
        <Button type="primary" onClick={() => navigate('/dashboard')}>
          {t('errorPage.backHome')}
        </Button>
      </div>
    </main>
  );
}
