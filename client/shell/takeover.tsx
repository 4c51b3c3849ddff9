import { NonIdealState, Spinner } from '@blueprintjs/core';
import { Suspense, useEffect, type ReactNode } from 'react';
import { SESSION_SHELLS, SHELL_ATTR, type ShellRoute } from './shell-routes.ts';

/**
 * The app's side of the prerendered shell (scripts/public-shell.ts). React's first commit replaces whatever is
 * in #root: the login page is in the entry chunk, so that commit is the real login form, laid out like its
 * shell (no shift). A lazy screen's first commit would be its Suspense fallback (a spinner) instead — a visible
 * flash — so until the screen arrives, its fallback is the shell itself, the same markup again. Behind login
 * (the landing screen on a phone), the whole frame is the shell until the layout renders, then the screen's part
 * of it (its title) stands in the layout's content until the screen renders.
 */
let adopted: { route: string; html: string; content: string } | null = null;

/** main.tsx, before the first render: keep the markup of the shell on screen (React is about to remove it). */
export function adoptShell(root: HTMLElement): void {
  const route = document.documentElement.getAttribute(`${SHELL_ATTR}-route`);
  const shell = route ? root.querySelector(`:scope > [${SHELL_ATTR}="${route}"]`) : null;
  if (!route || !shell) return;
  adopted = { route, html: shell.innerHTML, content: shell.querySelector('main')?.innerHTML ?? '' };
  // Another route shown before the screen arrived: that one's fallback is the spinner, as ever.
  window.addEventListener('hashchange', () => void (adopted = null), { once: true });
}

/** Once the screen has mounted, later fallbacks are spinners again. */
export function ShellDone() {
  useEffect(() => void (adopted = null), []);
  return null;
}

const spinner = <NonIdealState icon={<Spinner />} />;

/** Suspense for a public screen (the wrapper's display comes from index.html's style, as the shell's did): its shell as the fallback while the shell is the one shown, else a spinner. */
export function ShellSuspense({ route, children }: { route: string; children: ReactNode }) {
  const fallback = adopted?.route === route ? <Adopted route={route} html={adopted.html} /> : spinner;
  return (
    <Suspense fallback={fallback}>
      {children}
      <ShellDone />
    </Suspense>
  );
}

/** The adopted shell if it is one behind login (the landing screen), else null. */
export const sessionShell = () => (adopted && SESSION_SHELLS.includes(adopted.route as ShellRoute) ? adopted : null);

export function Adopted({ route, html }: { route: string; html: string }) {
  return <div {...{ [SHELL_ATTR]: route }} inert dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Suspense for the frame behind login: the landing screen's whole shell while it is the one shown (the screen clears it: ShellDone), else a spinner. */
export function SessionShellSuspense({ children }: { children: ReactNode }) {
  const shell = sessionShell();
  return <Suspense fallback={shell ? <Adopted route={shell.route} html={shell.html} /> : spinner}>{children}</Suspense>;
}
