import type { PayloadAction } from '@reduxjs/toolkit';
import { all, put, takeLatest, takeLeading } from 'redux-saga/effects';
import {
  payConfigInquire,
  payConfigUpdate,
  urlKeyPlatformInquire,
  websiteInfoInquire,
  type PayConfig,
  type WebsiteInfo,
} from '../../../../contracts/index.ts';
import { isSafeImageUrl } from '../../../components/safe-url.ts';
import { keyMessage } from '../../../state/message.ts';
import { apiCall, effects, toUserMessage, type Saga } from '../../../state/sagas/call.ts';
import { settingsEvents, type PayConfigChanges } from '../../../state/settings-slice.ts';

export function* websiteInfoFlow(): Saga {
  const fx = yield* effects();
  try {
    const info = (yield* apiCall(websiteInfoInquire, {})) as WebsiteInfo;
    yield put(settingsEvents.websiteInfoLoaded(info));
    // The title itself is "<page> · <site>", kept by app/page-title.tsx from this state.
    if (isSafeImageUrl(info.icon)) fx.setFavicon(info.icon);
  } catch (e) {
    yield put(settingsEvents.websiteInfoLoadFailed(toUserMessage(e)));
  }
}

export function* payConfigFlow(): Saga {
  try {
    yield put(settingsEvents.payConfigLoaded((yield* apiCall(payConfigInquire, {})) as PayConfig));
  } catch (e) {
    yield put(settingsEvents.payConfigLoadFailed(toUserMessage(e)));
  }
}

export function* payConfigSaveFlow(action: PayloadAction<PayConfigChanges>): Saga {
  const fx = yield* effects();
  try {
    yield put(settingsEvents.payConfigSaved((yield* apiCall(payConfigUpdate, action.payload)) as PayConfig));
    fx.toast(keyMessage('errors.success'), 'success');
  } catch (e) {
    yield put(settingsEvents.payConfigSaveFailed(toUserMessage(e)));
  }
}

/** Spec §1/§7: the whole URL key platform list in one page (`data_only: 1`). */
export function* urlKeyPlatformsFlow(): Saga {
  try {
    const page = yield* apiCall(urlKeyPlatformInquire, { data_only: 1 });
    yield put(settingsEvents.urlKeyPlatformsLoaded(page.content));
  } catch (e) {
    yield put(settingsEvents.urlKeyPlatformsLoadFailed(toUserMessage(e)));
  }
}

export function* watchSettings(): Saga {
  yield all([
    takeLatest(settingsEvents.websiteInfoRequested.type, websiteInfoFlow),
    takeLatest(settingsEvents.payConfigRequested.type, payConfigFlow),
    takeLeading(settingsEvents.payConfigSaveSubmitted.type, payConfigSaveFlow),
    takeLatest(settingsEvents.urlKeyPlatformsRequested.type, urlKeyPlatformsFlow),
  ]);
}
