import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, Intent, Spinner } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import type { AsyncOperation } from '../../../../contracts/index.ts';
import { useUserMessage } from '../../../components/use-user-message.ts';
import type { ActionDialogProps } from '../../../resources/types.ts';
import { jobOutputActions, type WithJobOutput } from '../job-output-slice.ts';

/**
 * A script run's output. Shown as the text content of a <pre> (React escapes it): a server name or any line
 * the script printed can never become markup.
 */
export function JobOutputDialog({ rows, isOpen, onClose }: ActionDialogProps<AsyncOperation>) {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const message = useUserMessage();
  const state = useSelector((s: WithJobOutput) => s.jobOutput);
  const row = rows[0];
  // Read afresh on open and whenever the row moved (frame 20); keyed on fields: the row object is new per reload.
  useEffect(() => {
    if (isOpen && row) dispatch(jobOutputActions.requested(row.id));
  }, [dispatch, isOpen, row?.id, row?.progress, row?.status]);
  if (!row) return null;
  const close = () => {
    dispatch(jobOutputActions.cleared());
    onClose();
  };
  const text = state.id === row.id ? state.text : null;
  return (
    <Dialog isOpen={isOpen} onClose={close} title={t('resources.script.output_title', { id: row.id })} icon="console" style={{ width: 720 }}>
      <DialogBody>
        {text === null ? <Spinner size={24} /> : <pre className={Classes.CODE_BLOCK} data-testid="script-output" style={{ whiteSpace: 'pre-wrap', maxHeight: 400, overflow: 'auto' }}>{text || '—'}</pre>}
        {state.error && <Callout intent={Intent.DANGER}>{message(state.error)}</Callout>}
      </DialogBody>
      <DialogFooter actions={<Button text={t('common.actions.close')} onClick={close} />} />
    </Dialog>
  );
}
