import { formatMoney, WalletRemoved, walletAdd, walletCollect, walletInquire, walletRemove, walletSyncBalance } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { RevealKeyDialog } from '../components/reveal-key-dialog.tsx';
import { CollectAllDialog, SyncAllDialog } from '../components/wallet-bulk-dialog.tsx';

type Row = { id: number; removed: number; address: string; usdt_micro: number; trx_micro: number };
const inUse = (row: Row) => row.removed === WalletRemoved.values.active;
/** One wallet by its address, several by their count; with the USDT they held at the last sync. */
/** Which wallets (one by its address) and the USDT they held at their last sync. */
const which = (verb: 'collect' | 'sync', undoable: boolean) => ({
  text: (rows: Row[]) => `resources.tron.${verb}_confirm_${rows.length === 1 ? 'one' : 'many'}`,
  vars: (rows: Row[]) => ({ address: rows[0]?.address ?? '', usdt: formatMoney(rows.reduce((sum, x) => sum + x.usdt_micro, 0)) }),
  undoable,
});

/** /customer/tron: wallets of the simulated chain (super administrators); collect and sync run as jobs. */
export const tronResource = defineResource(walletInquire, (r) => ({
  name: 'tron',
  description: 'resources.tron.description',
  columns: [
    { field: 'id', kind: 'number', width: 64 },
    { field: 'address', kind: 'text' },
    { field: 'hex_address', kind: 'text', hiddenByDefault: true },
    { field: 'public_key', kind: 'text', hiddenByDefault: true },
    { field: 'account', kind: 'text' },
    { field: 'usdt_micro', kind: 'money' },
    { field: 'trx_micro', kind: 'money' },
    { field: 'balance_time', kind: 'date' },
    { field: 'removed', kind: 'enum', enum: WalletRemoved, intentOf: (c) => (c === WalletRemoved.values.removed ? 'danger' : 'success') },
    { field: 'remove_time', kind: 'date', hiddenByDefault: true },
    { field: 'create_time', kind: 'date' },
  ],
  filters: ['address', 'removed'],
  // Generate: the form with the key left blank; import: the same form with a private key.
  create: r.form(walletAdd, { button: 'add', fields: [{ name: 'private_key', kind: 'password', helper: 'resources.tron.import_helper' }] }),
  remove: r.remove(walletRemove, { permanent: false }),
  actions: [
    // The whole set, not this page: each dialog says how many wallets and how much before it starts one job.
    { id: 'collect_all', kind: 'dialog', scope: 'toolbar', label: 'resources.tron.collect_all', icon: 'import', button: 'collect', dialog: CollectAllDialog },
    { id: 'sync_all', kind: 'dialog', scope: 'toolbar', label: 'resources.tron.sync_all', icon: 'refresh', button: 'sync_balance', dialog: SyncAllDialog },
    { id: 'reveal', kind: 'dialog', scope: 'row', label: 'resources.tron.reveal', icon: 'key', button: 'reveal_key', dialog: RevealKeyDialog },
    r.action(walletCollect, {
      id: 'collect',
      scope: 'both',
      label: 'resources.tron.collect',
      icon: 'import',
      button: 'collect',
      visible: inUse,
      // Moves funds on chain.
      confirm: which('collect', false),
      body: (rows) => ({ ids: rows.map((x) => x.id) }),
    }),
    r.action(walletSyncBalance, {
      id: 'sync',
      scope: 'both',
      label: 'resources.tron.sync',
      icon: 'refresh',
      button: 'sync_balance',
      visible: inUse,
      // Only reads the chain.
      confirm: which('sync', true),
      body: (rows) => ({ ids: rows.map((x) => x.id) }),
    }),
  ],
}));

export default resourceScreen(tronResource);
