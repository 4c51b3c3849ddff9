import { Button } from '@blueprintjs/core';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageState } from './page-state.tsx';

function LoadFailed({ onRetry, error }: { onRetry(): void; error: unknown }) {
  const { t } = useTranslation();
  // A development build says what broke (a missing screen names its route); users get the plain sentence.
  const detail = import.meta.env.DEV && error instanceof Error ? error.message : undefined;
  return (
    <PageState
      icon="error"
      title={t('common.states.load_failed')}
      description={detail ?? t('errors.network')}
      action={<Button icon="refresh" text={t('common.actions.reload')} onClick={onRetry} />}
    />
  );
}

/**
 * Catches a render error below it (typically a lazy chunk that failed to download) and offers a reload,
 * instead of a blank page.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean; error?: unknown }> {
  override state: { failed: boolean; error?: unknown } = { failed: false };

  static getDerivedStateFromError(error: unknown): { failed: boolean; error: unknown } {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown): void {
    console.error('[ui] render failed', error);
  }

  override render() {
    return this.state.failed ? <LoadFailed error={this.state.error} onRetry={() => window.location.reload()} /> : this.props.children;
  }
}
