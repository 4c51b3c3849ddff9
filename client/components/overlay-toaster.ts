import { OverlayToaster, Position, type Intent, type Toaster } from '@blueprintjs/core';

let toaster: Promise<Toaster> | null = null;

/** Blueprint 6 creates a toaster asynchronously (its own React root): made on first use, then shared. */
function getToaster(): Promise<Toaster> {
  // Bottom: the top centre belongs to the persistent red site-message notice (spec §6), which a toast
  // arriving in the same second (a domain's block notice) would otherwise cover.
  toaster ??= OverlayToaster.create({ position: Position.BOTTOM, maxToasts: 4 });
  return toaster;
}

export function show(message: string, intent: Intent): void {
  void getToaster().then((t) => t.show({ message, intent, timeout: 4000 }));
}
