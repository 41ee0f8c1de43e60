import { ClockCircleOutlined } from '@ant-design/icons';
import type { FlatRoute } from '@organiser/domain';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pick } from '../../i18n/i18n';
import { useLang } from '../../i18n/use-lang';

/**
 * A catalogue route whose screen is not part of this build: a clear state with its title,
 * never a blank page or a crash.
 */
export function UnavailablePage({ route }: { route: FlatRoute }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useLang();
  const title = pick(route.title, lang);
  return (
    <section className="app-card" aria-labelledby="unavailable-title">
      <Result
        icon={<ClockCircleOutlined aria-hidden />}
        title={
          <h1 id="unavailable-title" className="app-result-title">
            {title}
          </h1>
        }
        subTitle={
          <>
            <strong>{t('unavailable.title')}</strong>
            <br />
            {t('unavailable.text', { title })}
          </>
        }
        extra={
          <Button type="primary" onClick={() => navigate('/dashboard')}>
            {t('errorPage.toDashboard')}
          </Button>
        }
      />
    </section>
  );
}
