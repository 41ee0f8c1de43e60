import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { recordError } from '../state/error-log';
import { isMissingCode, NewVersionState } from './new-version';

type Props = { name: string; children: ReactNode };
type State = { error: Error | null };

function PageErrorState({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('pageError.title')}
      subTitle={t('pageError.text')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('common.reload')}
        </Button>
      }
    />
  );
}

/** A page that throws shows a bounded error state, never a blank screen; the error goes to the error log. */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error);
    recordError({
      error,
      component: this.props.name,
      info: info.componentStack?.trim().split('\n')[0] ?? 'render',
    });
  }

  override render() {
    if (isMissingCode(this.state.error)) return <NewVersionState />;
    if (this.state.error) return <PageErrorState onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
