import { all, put, takeLatest } from 'redux-saga/effects';
import type { PayConfig, WebsiteInfo } from '../../../../contracts/index.ts';
import { publicCall } from '../../../io/public-calls.ts';
import { isSafeImageUrl } from '../../../components/safe-url.ts';
import { apiCall, effects, toUserMessage, type Saga } from '../../../state/sagas/call.ts';
import { settingsEvents } from '../../../state/settings-slice.ts';

export function* websiteInfoFlow(): Saga {
  const fx = yield* effects();
  try {
    const info = (yield* apiCall(publicCall('websiteInfoInquire'), {})) as WebsiteInfo;
    yield put(settingsEvents.websiteInfoLoaded(info));
    // The title itself is "<page> · <site>", kept by app/page-title.tsx from this state.
    if (isSafeImageUrl(info.icon)) fx.setFavicon(info.icon);
  } catch (e) {
    yield put(settingsEvents.websiteInfoLoadFailed(toUserMessage(e)));
  }
}

export function* payConfigFlow(): Saga {
  try {
    yield put(settingsEvents.payConfigLoaded((yield* apiCall(publicCall('payConfigInquire'), {})) as PayConfig));
  } catch (e) {
    yield put(settingsEvents.payConfigLoadFailed(toUserMessage(e)));
  }
}

/** Spec §1/§7: the whole URL key platform list in one page (`data_only: 1`). */
export function* urlKeyPlatformsFlow(): Saga {
  try {
    const page = yield* apiCall(publicCall('urlKeyPlatformInquire'), { data_only: 1 });
    yield put(settingsEvents.urlKeyPlatformsLoaded(page.content));
  } catch (e) {
    yield put(settingsEvents.urlKeyPlatformsLoadFailed(toUserMessage(e)));
  }
}

/** Spec §7: the shown languages (show_status 1), for the language switcher. */
export function* languagesFlow(): Saga {
  try {
    const page = yield* apiCall(publicCall('languageListInquire'), { show_status: 1, page: 1, page_size: 100 });
    yield put(settingsEvents.languagesLoaded(page.content));
  } catch (e) {
    yield put(settingsEvents.languagesLoadFailed(toUserMessage(e)));
  }
}

export function* watchSettings(): Saga {
  yield all([
    takeLatest(settingsEvents.languagesRequested.type, languagesFlow),
    takeLatest(settingsEvents.websiteInfoRequested.type, websiteInfoFlow),
    takeLatest(settingsEvents.payConfigRequested.type, payConfigFlow),
    takeLatest(settingsEvents.urlKeyPlatformsRequested.type, urlKeyPlatformsFlow),
  ]);
}
