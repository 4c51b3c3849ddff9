import { describe, expect, it } from 'vitest';
import { CONTROL_PREFIX } from '../../contracts/index.ts';
import { useConsole } from './helpers/console.ts';
import { loggedInPage } from './helpers/log-in.ts';
import { texts } from './helpers/texts.ts';
import { balanceOf } from '../../fixtures/factories.ts';
import { countOf } from '../../fixtures/rows.ts';

/**
 * Review of a transfer that paid nothing (issue 21 point 1) in Chromium: a transfer of an amount no order
 * carries shows on usdt_transaction_record as "No order of this amount" / "Waiting for review"; an
 * administrator's Review without a remark is refused in the form, one naming a user id nobody has is refused
 * by the server (nothing changes); then it is credited to customer02 and the row turns "Credited" with the user
 * it went to; another is marked refunded (no balance moves). In Chinese and in English.
 */
const app = useConsole();

async function control(name: string, body: unknown): Promise<{ hash: string }> {
  const res = await fetch(`${app.url.replace(/\/$/, '')}${CONTROL_PREFIX}/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { hash: string } }).data;
}

const login = (account: string, language: 'en' | 'zh-CN') => loggedInPage(app, account, language);


describe('transfers waiting for review', () => {
  it.each([
    ['zh-CN', 44_000_009, '44.000009', 45_000_011, '45.000011'],
    ['en', 33_000_007, '33.000007', 34_000_013, '34.000013'],
  ] as const)(
    '%s: a review without a remark or for a user who does not exist is refused and changes nothing; a good credit and a refund settle',
    async (language, amount, shown, refundAmount, refundShown) => {
      const t = texts(language);
      const field = (name: string) => t(`resources.usdt_transaction_record.fields.${name}`);
      const { hash } = await control('chain/send', { amount_micro: amount });
      const balance = () => balanceOf(app.server.mock.db, 5);
      const bills = () => countOf(app.server.mock.db, 'bills');
      const [before, billsBefore] = [balance(), bills()];
      const admin = await login('admin01', language);
      const sent: unknown[] = [];
      admin.on('request', (r) => {
        if (r.url().endsWith('/api/usdt_transaction/review')) sent.push(r.postDataJSON());
      });
      await admin.goto(`${app.url}#/customer/usdt_transaction_record?hash=${hash}`);
      const row = admin.getByRole('row').filter({ hasText: shown });
      await row.getByText(t('enums.transfer_outcome.unknown_amount')).waitFor();
      await row.getByText(t('enums.transfer_review.waiting')).waitFor();
      await row.getByRole('button', { name: t('resources.usdt_transaction_record.review') }).click();
      const dialog = admin.getByRole('dialog');
      const question = admin.getByRole('alertdialog');
      await dialog.getByLabel(field('action')).selectOption({ label: t('enums.transfer_review_action.credit') });
      const userId = dialog.getByLabel(field('user_id'));
      const save = dialog.getByRole('button', { name: t('common.actions.save') });

      // No remark: said under the remark, nothing asked, nothing sent.
      await userId.fill('5');
      await save.click();
      await dialog.getByText(t('validation.reason_required'), { exact: true }).waitFor();
      expect(await question.count()).toBe(0);
      expect(sent).toEqual([]);

      // A user id nobody has: asked, sent, refused in words; the transfer still waits.
      await dialog.getByLabel(field('remark')).fill('customer02 wrote in');
      await userId.fill('99999');
      await save.click();
      await question.getByText(t('resources.usdt_transaction_record.confirm.credit', { amount: shown, account: '#99999' }), { exact: false }).waitFor();
      await question.getByRole('button', { name: t('common.actions.confirm') }).click();
      await dialog.getByText(t('errors.user_not_found'), { exact: true }).waitFor();
      expect(sent).toHaveLength(1);
      expect([balance(), bills()]).toEqual([before, billsBefore]);
      expect(await row.getByText(t('enums.transfer_review.waiting')).count()).toBe(1);

      // The user who sent it: credited.
      await userId.fill('5');
      await save.click();
      // Settling a transfer asks first: credit how much to whom, and that it is final.
      await question.getByText(t('resources.usdt_transaction_record.confirm.credit', { amount: shown, account: '#5' }), { exact: false }).waitFor();
      await question.getByRole('button', { name: t('common.actions.confirm') }).click();
      await row.getByText(t('enums.transfer_review.credited')).waitFor();
      await row.getByText('customer02').waitFor();
      expect(balance()).toBe(before + amount);

      // Another stray transfer, refunded to its sender: no balance moves.
      const refund = await control('chain/send', { amount_micro: refundAmount });
      await admin.goto(`${app.url}#/customer/usdt_transaction_record?hash=${refund.hash}`);
      const other = admin.getByRole('row').filter({ hasText: refundShown });
      await other.getByText(t('enums.transfer_review.waiting')).waitFor();
      await other.getByRole('button', { name: t('resources.usdt_transaction_record.review') }).click();
      await dialog.getByLabel(field('action')).selectOption({ label: t('enums.transfer_review_action.refund') });
      await dialog.getByLabel(field('remark')).fill('sent back by the bank');
      await save.click();
      await question.getByText(t('resources.usdt_transaction_record.confirm.refund', { amount: refundShown }), { exact: false }).waitFor();
      await question.getByRole('button', { name: t('common.actions.confirm') }).click();
      await other.getByText(t('enums.transfer_review.refunded')).waitFor();
      expect(balance()).toBe(before + amount);
      expect(app.pageErrors).toEqual([]);
      await admin.close();
    },
    120_000,
  );
});
