import type { Database } from 'better-sqlite3';
import { domainRefusal } from '../../contracts/index.ts';
import { ApiError, conflict, notFound } from '../services/errors.ts';

export interface DomainRef {
  id: number;
  user_id: number;
  domain: string;
  hold: number;
  shield_status: number;
}

/** A domain the caller may use (its own; any for administrators: ownerId undefined), else 404. */
export function requireDomain(db: Database, id: number, ownerId: number | undefined): DomainRef {
  const row = db.prepare<[number], DomainRef>('SELECT id, user_id, domain, hold, shield_status FROM domains WHERE id = ?').get(id);
  if (!row || (ownerId !== undefined && row.user_id !== ownerId)) throw notFound();
  return row;
}

/** A domain of `owner` (when given) the caller may see, else 404 (another owner's: said under `field`). */
export function requireOwnedDomain(db: Database, id: number, callerScope: number | undefined, owner?: number, field = 'domain_id'): DomainRef {
  const d = requireDomain(db, id, callerScope);
  if (owner !== undefined && d.user_id !== owner) throw new ApiError(404, 'errors.domain_not_owners', { field });
  return d;
}

/**
 * A domain that may take QR codes of `owner`: the owner's, not held, not blocked (contracts' domainRefusal,
 * the rule the console's pickers apply too); else 409 naming the domain and its state.
 */
export function requireDomainForCodes(db: Database, id: number, callerScope: number | undefined, owner?: number): DomainRef {
  const d = requireOwnedDomain(db, id, callerScope, owner);
  const refusal = domainRefusal(d);
  if (refusal) throw conflict(refusal, { domain: d.domain });
  return d;
}

const GROUP_TABLES = { qr_groups: 'qr_groups', internal_code_groups: 'internal_code_groups' } as const;
/** The request field each group kind is chosen in (the refusal sits under that input). */
const GROUP_FIELDS = { qr_groups: 'group_id', internal_code_groups: 'internal_code_group_id' } as const;

/**
 * A group of `owner` (null passes), else 404 under the group's input: a QR code or domain is only filed under
 * its owner's groups (an administrator's picker lists every owner's groups, so the refusal says whose they must be).
 */
export function requireGroup(db: Database, table: keyof typeof GROUP_TABLES, id: number | null | undefined, owner: number): void {
  if (id === null || id === undefined) return;
  const row = db.prepare<[number], { user_id: number }>(`SELECT user_id FROM ${GROUP_TABLES[table]} WHERE id = ?`).get(id);
  if (!row || row.user_id !== owner) throw new ApiError(404, 'errors.group_not_owners', { field: GROUP_FIELDS[table] });
}
