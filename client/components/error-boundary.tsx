import { Button } from '@blueprintjs/core';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageState } from './page-state.tsx';

function LoadFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <PageState
      icon="error"
      title={t('common.states.load_failed')}
      description={t('errors.network')}
      action={<Button icon="refresh" text={t('common.actions.reload')} onClick={onRetry} />}
    />
  );
}

/**
 * Catches a render error below it (typically a lazy chunk that failed to download) and offers a reload,
 * instead of a blank page.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('[ui] render failed', error);
  }

  override render() {
    return this.state.failed ? <LoadFailed onRetry={() => window.location.reload()} /> : this.props.children;
  }
}
