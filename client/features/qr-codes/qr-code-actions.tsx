import { batchFields, OpenLog, qrCodeAccessClearHistory, qrCodeBatchUpdate, qrCodeChangeDomainName, qrCodeRemove, qrCodeUpdateOpenLog, qrCodeUpdateRestrictionVisit, qrCodeUpdateUrl, type QrCode } from '../../../contracts/index.ts';
import type { ActionDecl } from '../../resources/types.ts';
import { AccessRecordsDialog } from './access-records.tsx';
import { QrCodeDialog } from './components/qr-code-dialog.tsx';
import { ShareDialog } from './components/share-dialog.tsx';
import { childrenField, QR_LABELS, settingsFields, type B } from './qr-code-parts.tsx';

/* The row and bulk actions of the QR code screens (their columns, lookups and forms: qr-code-parts.tsx). */

/** The codes a question is about, as people know them: the first three, then "…". */
export function codesOf(rows: readonly { file_name: string }[]): string {
  const codes = [...new Set(rows.map((x) => x.file_name))];
  return codes.length > 3 ? `${codes.slice(0, 3).join(', ')}, …` : codes.join(', ');
}

/** A question naming the codes and how many (labels `resources.qr_code.confirm.<id>`). */
export const aboutCodes = (id: string) => ({ text: `${QR_LABELS}.confirm.${id}`, vars: (rows: QrCode[]) => ({ codes: codesOf(rows) }) });

export function qrRemove(r: B) {
  // Not gone: the bin keeps them and restores them (the question says so, and where).
  return r.remove(qrCodeRemove, { permanent: false, confirm: aboutCodes('remove') });
}

const idsOf = (rows: QrCode[]) => rows.map((x) => x.id);

/** Preview/download, share links, access log: offered wherever a QR code is listed. */
export function qrViewActions(): ActionDecl<QrCode>[] {
  return [
    { kind: 'dialog', id: 'qr', scope: 'row', label: `${QR_LABELS}.actions.qr`, icon: 'barcode', dialog: QrCodeDialog },
    { kind: 'dialog', id: 'records', scope: 'row', label: `${QR_LABELS}.actions.records`, icon: 'history', dialog: AccessRecordsDialog },
    { kind: 'dialog', id: 'share', scope: 'row', button: 'share', label: `${QR_LABELS}.actions.share`, icon: 'share', dialog: ShareDialog },
  ];
}

/** Changes of live QR codes: target URLs, domain, restriction, open log, batch settings, clearing the log. */
export function qrEditActions(r: B, buttons: { update?: string; batch?: string; remove?: string } = {}): ActionDecl<QrCode>[] {
  const update = buttons.update ?? 'update';
  return [
    r.formAction(qrCodeUpdateUrl, {
      id: 'urls',
      scope: 'row',
      button: update,
      label: `${QR_LABELS}.actions.urls`,
      icon: 'link',
      form: {
        fields: [childrenField],
        initial: (row) => ({ children: row?.children }),
        toBody: (values, rows) => ({ id: rows[0]?.id, children: values.children }),
      },
    }),
    r.formAction(qrCodeChangeDomainName, {
      id: 'change_domain',
      scope: 'both',
      button: update,
      label: `${QR_LABELS}.actions.change_domain`,
      icon: 'exchange',
      form: { fields: [{ name: 'domain_id', lookup: 'move_targets' }], toBody: (values, rows) => ({ ids: idsOf(rows), domain_id: values.domain_id }) },
    }),
    r.formAction(qrCodeUpdateRestrictionVisit, {
      id: 'restriction',
      scope: 'bulk',
      button: update,
      label: `${QR_LABELS}.actions.restriction`,
      icon: 'shield',
      form: { fields: ['visit_method', 'visit_restriction'], toBody: (values, rows) => ({ ids: idsOf(rows), ...values }) },
    }),
    r.action(qrCodeUpdateOpenLog, {
      id: 'open_log_on',
      scope: 'bulk',
      button: update,
      label: `${QR_LABELS}.actions.open_log_on`,
      icon: 'eye-open',
      body: (rows) => ({ ids: idsOf(rows), open_log: OpenLog.values.open }),
    }),
    r.action(qrCodeUpdateOpenLog, {
      id: 'open_log_off',
      scope: 'bulk',
      button: update,
      label: `${QR_LABELS}.actions.open_log_off`,
      icon: 'eye-off',
      body: (rows) => ({ ids: idsOf(rows), open_log: OpenLog.values.closed }),
    }),
    r.formAction(qrCodeBatchUpdate, {
      id: 'batch',
      scope: 'bulk',
      button: buttons.batch ?? 'batch_update',
      label: `${QR_LABELS}.actions.batch`,
      icon: 'edit',
      form: {
        schema: batchFields,
        // Many codes at once: only what the user sets changes; everything left blank stays as each code has it.
        partial: true,
        fields: settingsFields.filter((f) => f !== 'remark'),
        toBody: (values, rows) => ({ ids: idsOf(rows), fields: values }),
      },
    }),
    r.action(qrCodeAccessClearHistory, {
      id: 'clear_history',
      scope: 'row',
      button: buttons.remove ?? 'remove',
      label: `${QR_LABELS}.actions.clear_history`,
      icon: 'eraser',
      intent: 'danger',
      // Every record of the code goes to Recover, from where it can be put back: not "cannot be undone".
      confirm: { text: `${QR_LABELS}.confirm.clear_history`, undoable: true, vars: (rows) => ({ name: rows[0]!.name, code: rows[0]!.file_name, count: rows[0]!.record_count }) },
      body: (rows) => ({ qr_code_id: rows[0]!.id }),
    }),
  ];
}
