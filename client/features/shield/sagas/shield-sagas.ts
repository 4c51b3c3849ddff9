import { all, call, put, select, take, takeEvery, throttle } from 'redux-saga/effects';
import { DomainDisplayType, ShieldStatus, shieldStatusData } from '../../../../contracts/index.ts';
import { resourceEvents, type WithResources } from '../../../resources/resource-slice.ts';
import { keyMessage } from '../../../state/message.ts';
import { frameFor, realtimeEvents } from '../../../state/realtime-events.ts';
import { effects, type Saga } from '../../../state/sagas/call.ts';
import { LIVE_SHIELD_LISTS } from '../live-lists.ts';

/** At most one reload of the open monitors per this many ms while frames stream in. */
export const SHIELD_RELOAD_THROTTLE_MS = 500;

type FrameAction = ReturnType<typeof realtimeEvents.frameReceived>;
const isShieldFrame = frameFor('shield', 'shield_status');

/** A domain changed WeChat status: reload the monitor on screen, so a block shows without a reload. */
export function* shieldFrameFlow(): Saga {
  const fx = yield* effects();
  const path = fx.currentPath();
  for (const name of LIVE_SHIELD_LISTS) {
    const open = (yield select((s: Partial<WithResources>) => s.resources?.[name] !== undefined)) as boolean;
    if (open && path.endsWith(`/${name}`)) yield put(resourceEvents.reloadRequested({ resource: name }));
  }
}

/**
 * Say it wherever the user is, in the console's language (the frame's data, not its server text).
 * Told once per event: frame 24 reports a change, so on one connection the server's frames for a domain
 * alternate in status; the same status for the same domain twice in a row is one change sent again (a push
 * retried or duplicated) and shows nothing. `told` (domain id → status last told) belongs to one watcher and
 * is forgotten with each new connection, since changes made while offline were never sent to it.
 */
export function* shieldNoticeFlow(told: Map<number, number>, action: FrameAction): Saga {
  const parsed = shieldStatusData.safeParse(action.payload.data);
  if (!parsed.success) return;
  const d = parsed.data;
  if (told.get(d.domain_id) === d.status) return;
  told.set(d.domain_id, d.status);
  const fx = yield* effects();
  if (d.status === ShieldStatus.values.blocked && d.codes_left > 0) {
    // Codes stayed on the blocked domain: how many, and what the owner does about it (the kind of domain to add).
    const kind = DomainDisplayType.options.find((o) => o.value === d.display_type)?.member ?? 'entry';
    fx.toast(keyMessage('shield.blocked_left', { domain: d.domain, count: d.codes_left, kind }), 'danger');
  } else if (d.status === ShieldStatus.values.blocked) {
    fx.toast(keyMessage(d.spare_domain ? 'shield.blocked_moved' : 'shield.blocked', { domain: d.domain, spare: d.spare_domain, moved: d.moved }), 'danger');
  } else {
    fx.toast(keyMessage(d.status === ShieldStatus.values.normal ? 'shield.normal' : 'shield.failed', { domain: d.domain }), d.status === ShieldStatus.values.normal ? 'success' : 'warning');
  }
}

function* forgetToldOnNewConnection(told: Map<number, number>): Saga {
  for (;;) {
    yield take(realtimeEvents.socketOpened.type);
    told.clear();
  }
}

export function* watchShield(): Saga {
  const told = new Map<number, number>();
  yield all([
    throttle(SHIELD_RELOAD_THROTTLE_MS, isShieldFrame, shieldFrameFlow),
    takeEvery(isShieldFrame, shieldNoticeFlow, told),
    call(forgetToldOnNewConnection, told),
  ]);
}
