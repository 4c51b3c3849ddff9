import { call, select } from 'redux-saga/effects';
import type { CallDef, Locale } from '../../../contracts/index.ts';
import { effects, type Saga } from '../../state/sagas/call.ts';
import { selectLanguage } from '../../state/selectors.ts';

/** The call's `encryptedFields` (passwords) leave the browser RSA-encrypted; a form holds them in clear until here. */
export function* encrypted(def: CallDef, body: unknown): Saga<unknown> {
  const fields = (def.encryptedFields ?? []).filter((f) => typeof (body as Record<string, unknown>)[f] === 'string');
  if (!fields.length) return body;
  const fx = yield* effects();
  const language = (yield select(selectLanguage)) as Locale;
  const out = { ...(body as Record<string, unknown>) };
  for (const f of fields) out[f] = (yield call(fx.encryptPassword, out[f] as string, language)) as string;
  return out;
}

