import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useCoreDispatch } from '../../../state/hooks.ts';
import { AsyncOperationType, type AsyncOperation } from '../../../../contracts/index.ts';
import { downloadRequested } from '../async-operations-events.ts';

/**
 * The jobs whose result is a file to download (`async_operations/download`). The others (batch updates, wallet
 * steps, script runs) keep a link to their own output, which is read on screen, not downloaded.
 */
const PRODUCES_FILE: ReadonlySet<number> = new Set([AsyncOperationType.values.csv_export]);

/** The link column: a download button once a file job's result can be fetched (its link is set), else a dash. */
export function JobLink({ row }: { row: AsyncOperation }) {
  const { t } = useTranslation();
  const dispatch = useCoreDispatch();
  if (!row.link || !PRODUCES_FILE.has(row.type)) return <span aria-hidden>—</span>;
  return (
    <Button variant="minimal" size="small" icon="download" onClick={() => dispatch(downloadRequested({ id: row.id }))}>
      {t('resources.async_operations.download')}
    </Button>
  );
}
