import { Button, Callout, Dialog, DialogBody, DialogFooter, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { useUserMessage } from '../../../components/use-user-message.ts';
import type { ActionDialogProps } from '../../../resources/types.ts';
import { walletKeyActions, type WithWalletKey } from '../wallet-key-slice.ts';

type WalletRow = { id: number; address: string };

/** tron's "Reveal private key": a warning first; only a confirmed reveal calls the server (which audits it). */
export function RevealKeyDialog({ rows, isOpen, onClose }: ActionDialogProps<WalletRow>) {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const message = useUserMessage();
  const state = useSelector((s: WithWalletKey) => s.walletKey);
  const row = rows[0];
  if (!row) return null;
  const close = () => {
    dispatch(walletKeyActions.cleared());
    onClose();
  };
  const shown = state.id === row.id ? state.key : null;
  return (
    <Dialog isOpen={isOpen} onClose={close} title={t('resources.tron.reveal_title')} icon="key">
      <DialogBody>
        <p>{row.address}</p>
        {shown ? (
          <InputGroup readOnly value={shown} aria-label={t('resources.tron.private_key')} data-testid="private-key" />
        ) : (
          <Callout intent={Intent.WARNING} icon="warning-sign">{t('resources.tron.reveal_warning')}</Callout>
        )}
        {state.error && <Callout intent={Intent.DANGER}>{message(state.error)}</Callout>}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.actions.close')} onClick={close} />
            {!shown && <Button intent={Intent.DANGER} text={t('resources.tron.reveal_confirm')} onClick={() => dispatch(walletKeyActions.revealRequested(row.id))} />}
          </>
        }
      />
    </Dialog>
  );
}
