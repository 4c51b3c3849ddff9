import { OverlayToaster, Position, type Intent, type Toaster } from '@blueprintjs/core';

let toaster: Promise<Toaster> | null = null;

/**
 * The one shared toaster. Blueprint 6 creates it asynchronously (its own React root), so it is made on the
 * first toast and reused after.
 */
export function getToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 4 });
  return toaster;
}

export function showToast(message: string, intent: Intent): void {
  void getToaster().then((t) => t.show({ message, intent, timeout: 4000 }));
}
