import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

// How each browser words a script module that could not be fetched (Chromium, Firefox, Safari), and Vite's
// own words when a page's stylesheet could not be preloaded. After a deploy the old build's files are gone (the
// server answers 404), so a page whose code was not loaded yet cannot load again until the console reloads.
const MISSING_CODE = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
  'Unable to preload CSS',
];

/** The error is a page's code that could not be loaded (a newer build replaced it), not a fault of the page. */
export const isMissingCode = (error: unknown): boolean =>
  error instanceof Error && MISSING_CODE.some((words) => error.message.includes(words));

/** "A new version is available": a reload, which loads the new build (an unsaved form asks first). */
export function NewVersionState() {
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      title={t('newVersion.title')}
      subTitle={t('newVersion.text')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      }
    />
  );
}
