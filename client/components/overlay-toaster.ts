import { OverlayToaster, Position, type Intent, type Toaster } from '@blueprintjs/core';
import './blueprint-rest.ts';
import './overlay-toaster.css';

let toaster: Promise<Toaster> | null = null;

/** Blueprint 6 creates a toaster asynchronously (its own React root): made on first use, then shared. */
function getToaster(): Promise<Toaster> {
  // `console-toasts`: the stack starts under the red site-message notice while one is shown (overlay-toaster.css).
  toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 4, className: 'console-toasts' });
  return toaster;
}

export function show(message: string, intent: Intent): void {
  void getToaster().then((t) => t.show({ message, intent, timeout: 4000 }));
}
