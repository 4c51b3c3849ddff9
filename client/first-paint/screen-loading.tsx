import type { ReactNode } from 'react';
import { Adopted, sessionFirstPaint } from './takeover.tsx';

/**
 * What the layout's content shows while its screen is on its way: the landing first paint's screen part (its title)
 * while that first paint is the one shown (client/first-paint/takeover.tsx), else `otherwise`. Apart from takeover.tsx,
 * which is in the login page's first load: only the console behind login uses this.
 */
export function ScreenLoading({ otherwise }: { otherwise: ReactNode }) {
  const painted = sessionFirstPaint();
  return painted ? <Adopted route={painted.route} html={painted.content} /> : otherwise;
}
