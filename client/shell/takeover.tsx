import { NonIdealState, Spinner } from '@blueprintjs/core';
import { Suspense, useEffect, type ReactNode } from 'react';
import { SHELL_ATTR } from './shell-routes.ts';

/**
 * The app's side of the prerendered shell (scripts/public-shell.ts). React's first commit replaces whatever is
 * in #root: the login page is in the entry chunk, so that commit is the real login form, laid out like its
 * shell (no shift). A lazy public screen's first commit would be its Suspense fallback (a spinner) instead —
 * a visible flash — so until the screen arrives, its fallback is the shell itself, the same markup again.
 */
let adopted: { route: string; html: string } | null = null;

/** main.tsx, before the first render: keep the markup of the shell on screen (React is about to remove it). */
export function adoptShell(root: HTMLElement): void {
  const route = document.documentElement.getAttribute(`${SHELL_ATTR}-route`);
  const shell = route ? root.querySelector(`:scope > [${SHELL_ATTR}="${route}"]`) : null;
  if (!route || !shell) return;
  adopted = { route, html: shell.innerHTML };
  // Another route shown before the screen arrived: that one's fallback is the spinner, as ever.
  window.addEventListener('hashchange', () => void (adopted = null), { once: true });
}

function Adopted({ route }: { route: string }) {
  return (
    <div {...{ [SHELL_ATTR]: route }} inert dangerouslySetInnerHTML={{ __html: adopted?.html ?? '' }} />
  );
}

/** Once the screen has mounted, later fallbacks of the boundary are spinners again. */
function Done() {
  useEffect(() => void (adopted = null), []);
  return null;
}

/** Suspense for a public screen (the wrapper's display comes from index.html's style, as the shell's did): its shell as the fallback while the shell is the one shown, else a spinner. */
export function ShellSuspense({ route, children }: { route: string; children: ReactNode }) {
  const fallback = adopted?.route === route ? <Adopted route={route} /> : <NonIdealState icon={<Spinner />} />;
  return (
    <Suspense fallback={fallback}>
      {children}
      <Done />
    </Suspense>
  );
}
