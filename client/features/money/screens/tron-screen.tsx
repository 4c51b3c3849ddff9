import { WalletRemoved, walletAdd, walletCollect, walletInquire, walletRemove, walletSyncBalance } from '../../../../contracts/index.ts';
import { resourceScreen } from '../../../resources/components/resource-screen.tsx';
import { defineResource } from '../../../resources/define.ts';
import { RevealKeyDialog } from '../components/reveal-key-dialog.tsx';

type Row = { id: number; removed: number; address: string };
const inUse = (row: Row) => row.removed === WalletRemoved.values.active;

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
  remove: r.remove(walletRemove, { button: 'remove', permanent: false, body: (ids) => ({ ids: ids.map(Number) }) }),
  actions: [
    { id: 'reveal', kind: 'dialog', scope: 'row', label: 'resources.tron.reveal', icon: 'key', button: 'reveal_key', dialog: RevealKeyDialog },
    { id: 'collect', kind: 'call', scope: 'both', label: 'resources.tron.collect', icon: 'import', button: 'collect', visible: inUse, confirm: 'normal', call: walletCollect, body: (rows: Row[]) => ({ ids: rows.map((x) => x.id) }) },
    { id: 'sync', kind: 'call', scope: 'both', label: 'resources.tron.sync', icon: 'refresh', button: 'sync_balance', visible: inUse, confirm: 'normal', call: walletSyncBalance, body: (rows: Row[]) => ({ ids: rows.map((x) => x.id) }) },
  ],
}));

export default resourceScreen(tronResource);
