import { BlueprintProvider } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import './blueprint-rest.ts';

/**
 * Blueprint's provider (overlays, portals, hotkeys) for a lazily loaded part of the console. It is not
 * around the login page on purpose: its hotkeys dialog pulls the overlay machinery into the first load,
 * and the public auth pages use no overlay. Always imported lazily (router.tsx).
 */
export default function BlueprintFrame({ children }: { children: ReactNode }) {
  return <BlueprintProvider>{children}</BlueprintProvider>;
}
