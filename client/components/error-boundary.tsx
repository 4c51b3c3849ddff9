import { Button } from '@blueprintjs/core';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageState } from './page-state.tsx';

/**
 * Whether a render error is a screen's code that did not arrive (a lazy chunk's download failed: the network's
 * fault) rather than the console's own failure: each gets its own sentence, never "cannot reach the server"
 * for a bug.
 */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /ChunkLoadError|dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch/i.test(text);
}

function LoadFailed({ onRetry, error }: { onRetry(): void; error: unknown }) {
  const { t } = useTranslation();
  // A development build says what broke (a missing screen names its route); users get the plain sentence.
  const detail = import.meta.env.DEV && error instanceof Error ? error.message : undefined;
  return (
    <PageState
      icon="error"
      title={t('common.states.load_failed')}
      description={detail ?? t(isChunkLoadError(error) ? 'errors.network' : 'common.states.screen_failed')}
      action={<Button icon="refresh" text={t('common.actions.reload')} onClick={onRetry} />}
    />
  );
}

/**
 * Catches a render error below it (a lazy chunk that failed to download, or the console's own failure) and
 * offers a reload, instead of a blank page, saying which of the two it was.
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
