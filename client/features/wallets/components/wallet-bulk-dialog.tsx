import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent, Spinner } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, walletCollect, walletSummary, walletSyncBalance } from '../../../../contracts/index.ts';
import { useUserMessage } from '../../../components/use-user-message.ts';
import { defineRecord, type RecordDecl } from '../../../resources/record/define-record.ts';
import { useRecord } from '../../../resources/record/use-record.ts';
import type { ActionDialogProps } from '../../../resources/types.ts';

type Summary = { wallets: number; usdt_micro: number; trx_micro: number; oldest_sync: string | null };

// Each reads what "all" means now (wallet/summary), and starts the job over every wallet in use (no ids).
const collectAll = defineRecord({ name: 'tron_collect_all', read: walletSummary, save: walletCollect, reread: true });
const syncAll = defineRecord({ name: 'tron_sync_all', read: walletSummary, save: walletSyncBalance, reread: true });

interface BulkProps extends ActionDialogProps<unknown> {
  record: RecordDecl<Summary>;
  /** i18n prefix: `<prefix>_title`, `<prefix>_confirm`, `<prefix>_button`. */
  text: 'collect_all' | 'sync_all';
}

/**
 * "Collect all" / "Sync all balances" (spec §6, §8): the question names how many wallets and what they held at
 * the last sync; the button starts one job and cannot start a second (it is busy from the first click until
 * the dialog closes on the server's answer).
 */
function WalletBulkDialog({ isOpen, onClose, reload, record, text }: BulkProps) {
  const { t } = useTranslation();
  const say = useUserMessage();
  const r = useRecord(record);
  const started = useRef(false);
  const summary = r.data;
  const saving = r.state.save.status === 'loading';
  useEffect(() => {
    if (r.state.save.status === 'succeeded' && started.current) {
      reload();
      onClose();
    }
    if (r.state.save.status === 'failed') started.current = false;
  }, [r.state.save.status, reload, onClose]);
  const start = () => {
    if (started.current) return;
    started.current = true;
    r.save({});
  };
  const readError = r.state.data.status === 'failed' ? say(r.state.data.error) : undefined;
  const saveError = r.state.save.status === 'failed' ? say(r.state.save.error) : undefined;
  const vars = summary && {
    count: summary.wallets,
    usdt: formatMoney(summary.usdt_micro),
    trx: formatMoney(summary.trx_micro),
    time: summary.oldest_sync ?? t('resources.tron.never_synced'),
  };
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t(`resources.tron.${text}_title`)} icon={text === 'collect_all' ? 'import' : 'refresh'}>
      <DialogBody>
        {readError ? (
          <Callout intent={Intent.DANGER}>{readError}</Callout>
        ) : !vars ? (
          <Spinner size={24} aria-label={t('common.states.loading')} />
        ) : vars.count === 0 ? (
          <Callout intent={Intent.WARNING}>{t('resources.tron.no_wallets')}</Callout>
        ) : (
          <p data-testid="wallet-bulk-question">{t(`resources.tron.${text}_confirm`, vars)}</p>
        )}
        {saveError && (
          <Callout intent={Intent.DANGER} role="alert">
            {saveError}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.actions.cancel')} onClick={onClose} />
            <Button
              intent={Intent.PRIMARY}
              text={t(`resources.tron.${text}_button`, { count: vars?.count ?? 0 })}
              disabled={!vars || vars.count === 0}
              loading={saving}
              onClick={start}
            />
          </>
        }
      />
    </Dialog>
  );
}

export function CollectAllDialog(props: ActionDialogProps<unknown>) {
  return <WalletBulkDialog {...props} record={collectAll} text="collect_all" />;
}
export function SyncAllDialog(props: ActionDialogProps<unknown>) {
  return <WalletBulkDialog {...props} record={syncAll} text="sync_all" />;
}
