import { useSyncExternalStore } from 'react';
import { useCoreSelector } from '../../state/hooks.ts';

/** Below this width the frame is a phone's, whatever the user agent says (a desktop window made narrow). */
export const PHONE_LAYOUT_QUERY = '(max-width: 640px)';

const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_LAYOUT_QUERY) : null);

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/**
 * Whether the console frame takes its phone layout: the user agent is a phone's (spec §9, decided once at
 * start) or the window is narrow now (it follows resizing). The menu is then a drawer closed until opened,
 * and the header keeps only its compact controls, so a 390 px desktop window is not clipped by a 210 px menu.
 */
export function usePhoneLayout(): boolean {
  const byAgent = useCoreSelector((s) => s.ui.isMobile);
  const narrow = useSyncExternalStore(subscribe, () => media()?.matches ?? false, () => false);
  return byAgent || narrow;
}
