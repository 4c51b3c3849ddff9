import type { ReactNode } from 'react';
import { Adopted, sessionShell } from './takeover.tsx';

/**
 * What the layout's content shows while its screen is on its way: the landing shell's screen part (its title)
 * while that shell is the one shown (client/shell/takeover.tsx), else `otherwise`. Apart from takeover.tsx,
 * which is in the login page's first load: only the console behind login uses this.
 */
export function ScreenShell({ otherwise }: { otherwise: ReactNode }) {
  const shell = sessionShell();
  return shell ? <Adopted route={shell.route} html={shell.content} /> : otherwise;
}
