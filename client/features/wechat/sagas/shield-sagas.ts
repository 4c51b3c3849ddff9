import { all, put, select, takeEvery, throttle } from 'redux-saga/effects';
import { FrameType, ShieldStatus, shieldStatusData } from '../../../../contracts/index.ts';
import { resourceEvents, type WithResources } from '../../../resources/resource-slice.ts';
import { keyMessage } from '../../../state/message.ts';
import { realtimeEvents } from '../../../state/realtime-events.ts';
import { effects, type Saga } from '../../../state/sagas/call.ts';
import { LIVE_SHIELD_LISTS } from '../live-lists.ts';

/** At most one reload of the open monitors per this many ms while frames stream in. */
export const SHIELD_RELOAD_THROTTLE_MS = 500;

type FrameAction = ReturnType<typeof realtimeEvents.frameReceived>;
const isShieldFrame = (a: { type: string; payload?: unknown }): boolean =>
  realtimeEvents.frameReceived.match(a) && a.payload.type === FrameType.values.shield_status;

/** A domain changed WeChat status: reload the monitor on screen, so a block shows without a reload. */
export function* shieldFrameFlow(): Saga {
  const fx = yield* effects();
  const path = fx.currentPath();
  for (const name of LIVE_SHIELD_LISTS) {
    const open = (yield select((s: Partial<WithResources>) => s.resources?.[name] !== undefined)) as boolean;
    if (open && path.endsWith(`/${name}`)) yield put(resourceEvents.reloadRequested({ resource: name }));
  }
}

/** Say it wherever the user is, in the console's language (the frame's data, not its server text). */
export function* shieldNoticeFlow(action: FrameAction): Saga {
  const parsed = shieldStatusData.safeParse(action.payload.data);
  if (!parsed.success) return;
  const d = parsed.data;
  const fx = yield* effects();
  if (d.status === ShieldStatus.values.blocked) {
    fx.toast(keyMessage(d.spare_domain ? 'shield.blocked_moved' : 'shield.blocked', { domain: d.domain, spare: d.spare_domain, moved: d.moved }), 'danger');
  } else {
    fx.toast(keyMessage(d.status === ShieldStatus.values.normal ? 'shield.normal' : 'shield.failed', { domain: d.domain }), d.status === ShieldStatus.values.normal ? 'success' : 'warning');
  }
}

export function* watchShield(): Saga {
  yield all([throttle(SHIELD_RELOAD_THROTTLE_MS, isShieldFrame, shieldFrameFlow), takeEvery(isShieldFrame, shieldNoticeFlow)]);
}
