import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useCoreDispatch } from '../../../state/hooks.ts';
import type { AsyncOperation } from '../../../../contracts/index.ts';
import { downloadRequested } from '../async-operations-events.ts';

/** The link column: a download button once a job's result can be fetched (its link is set), else a dash. */
export function JobLink({ row }: { row: AsyncOperation }) {
  const { t } = useTranslation();
  const dispatch = useCoreDispatch();
  if (!row.link) return <span aria-hidden>—</span>;
  return (
    <Button variant="minimal" size="small" icon="download" onClick={() => dispatch(downloadRequested({ id: row.id }))}>
      {t('resources.async_operations.download')}
    </Button>
  );
}
