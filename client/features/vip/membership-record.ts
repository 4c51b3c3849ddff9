import { getUserInfo } from '../../../contracts/index.ts';
import { defineRecord } from '../../resources/record/define-record.ts';

/**
 * The caller, read afresh for the membership banner (the session's copy is not refreshed by a purchase): read
 * when the shop opens, and again whenever a membership may have changed (sagas/payment-sagas.ts).
 */
export const membershipRecord = defineRecord({ name: 'buy_vip_combo_membership', read: getUserInfo });
