import { Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { dataOf } from '../../../state/async.ts';
import type { ResourceDecl } from '../../types.ts';
import type { ResourceHandle } from '../../use-resource.ts';
import styles from '../resource-list.module.css';

/** How many asked values a notice lists before "…" (a batch query takes 500). */
const LISTED = 20;

/**
 * What a list was asked for by name and did not find (a batch query's mistyped or foreign codes), said above
 * its rows with the values themselves: a list that silently shows fewer rows than were asked for is a trap.
 */
export function NotFoundNotice<Row>({ decl, r }: { decl: ResourceDecl<Row>; r: ResourceHandle<Row> }) {
  const { t } = useTranslation();
  const missing = dataOf(r.state.list)?.notFound ?? [];
  if (!missing.length) return null;
  const values = missing.length > LISTED ? `${missing.slice(0, LISTED).join(', ')}, …` : missing.join(', ');
  return (
    <Callout intent={Intent.WARNING} compact className={styles.callout} role="status" data-testid="not-found-notice">
      {t(decl.notFound ?? 'resource.not_found', { count: missing.length, values })}
    </Callout>
  );
}
