import type { Database } from 'better-sqlite3';
import type { Migration } from './migration.ts';
import { core } from './migrations/001-core.ts';
import { messages } from './migrations/002-messages.ts';
import { messageTexts } from './migrations/046-message-texts.ts';
import { qrCodes } from './migrations/003-qr-codes.ts';
import { totpLastStep } from './migrations/004-totp-last-step.ts';
import { asyncOperations } from './migrations/005-async-operations.ts';
import { ledger } from './migrations/006-ledger.ts';
import { uploads } from './migrations/007-uploads.ts';
import { auditLog } from './migrations/008-audit-log.ts';
import { shield } from './migrations/015-shield.ts';
import { statistics } from './migrations/011-statistics.ts';
import { mall } from './migrations/016-mall.ts';
import { telegramOutbox } from './migrations/017-telegram-outbox.ts';
import { systemTools } from './migrations/014-system-tools.ts';
import { moneyFlows } from './migrations/012-money-flows.ts';
import { statisticsBreakdowns } from './migrations/020-statistics-breakdowns.ts';
import { visitSummary } from './migrations/018-visit-summary.ts';
import { categoryTitles } from './migrations/023-category-titles.ts';
import { visitors } from './migrations/019-visitors.ts';
import { loginSources } from './migrations/027-login-sources.ts';
import { moneyMatching } from './migrations/031-money-matching.ts';
import { monthlyCounters } from './migrations/036-monthly-counters.ts';
import { qrCodeList } from './migrations/037-qr-code-list.ts';
import { menuGroupShield } from './migrations/038-menu-group-shield.ts';
import { orderSources } from './migrations/040-order-sources.ts';
import { shieldCodesLeft } from './migrations/041-shield-codes-left.ts';

/**
 * Numbered migrations, applied in order inside one transaction each; `PRAGMA user_version` records the last.
 * Never edit a landed migration: add the next number. Areas own their numbers (001 core, 002 realtime and
 * messages, 003 QR codes and access records, 004 two-factor, 006 ledger, 007 uploads, ...).
 * Add yours in its own file under migrations/ and list it here.
 */
export const migrations: readonly Migration[] = [core, messages, qrCodes, totpLastStep, asyncOperations, ledger, uploads, auditLog, statistics, shield, mall, systemTools, moneyFlows, telegramOutbox, visitSummary, visitors, statisticsBreakdowns, categoryTitles, loginSources, moneyMatching, monthlyCounters, qrCodeList, menuGroupShield, orderSources, shieldCodesLeft, messageTexts];

export function migrate(db: Database, list: readonly Migration[] = migrations): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (const m of [...list].sort((a, b) => a.version - b.version)) {
    if (m.version <= current) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.pragma(`user_version = ${m.version}`);
    })();
  }
  return db.pragma('user_version', { simple: true }) as number;
}
