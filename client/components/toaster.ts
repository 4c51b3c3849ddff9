import type { Intent } from '@blueprintjs/core';

/**
 * Show a toast through the one shared toaster. The toaster (and the overlay machinery behind it) is its own
 * chunk, fetched with the first toast: the login page does not pay for it up front.
 */
export function showToast(message: string, intent: Intent): void {
  void import('./overlay-toaster.ts').then((m) => m.show(message, intent));
}
