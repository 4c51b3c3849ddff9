import type { JobKind } from './kind.ts';
import { csvExportKind } from './kinds/csv-export.ts';
import { qrBatchUpdateKind } from './kinds/qr-batch-update.ts';
import { scriptRunKind } from './kinds/script-run.ts';
import { walletCollectKind, walletSyncKind } from './kinds/wallet-jobs.ts';

/** Every kind of background job, by its AsyncOperationType code. Add a kind here. */
export const JOB_KINDS: readonly JobKind[] = [csvExportKind, qrBatchUpdateKind, walletCollectKind, walletSyncKind, scriptRunKind];
