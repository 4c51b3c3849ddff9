import { NonIdealState, Spinner } from '@blueprintjs/core';
import { Suspense, useEffect, type ReactNode } from 'react';
import { SESSION_FIRST_PAINTS, FIRST_PAINT_ATTR, type FirstPaintRoute } from './first-paint-routes.ts';

/**
 * The app's side of the prerendered first paint (scripts/first-paint.ts). React's first commit replaces whatever is
 * in #root: the login page is in the entry chunk, so that commit is the real login form, laid out like its
 * first paint (no shift). A lazy screen's first commit would be its Suspense fallback (a spinner) instead — a visible
 * flash — so until the screen arrives, its fallback is the first paint itself, the same markup again. Behind login
 * (the landing screen on a phone), the whole frame is the first paint until the layout renders, then the screen's part
 * of it (its title) stands in the layout's content until the screen renders.
 */
let adopted: { route: string; html: string; content: string } | null = null;

/** main.tsx, before the first render: keep the markup of the first paint on screen (React is about to remove it). */
export function adoptFirstPaint(root: HTMLElement): void {
  const route = document.documentElement.getAttribute(`${FIRST_PAINT_ATTR}-route`);
  const painted = route ? root.querySelector(`:scope > [${FIRST_PAINT_ATTR}="${route}"]`) : null;
  if (!route || !painted) return;
  adopted = { route, html: painted.innerHTML, content: painted.querySelector('main')?.innerHTML ?? '' };
  // Another route shown before the screen arrived: that one's fallback is the spinner, as ever.
  window.addEventListener('hashchange', () => void (adopted = null), { once: true });
}

/** Once the screen has mounted, later fallbacks are spinners again. */
export function FirstPaintDone() {
  useEffect(() => void (adopted = null), []);
  return null;
}

const spinner = <NonIdealState icon={<Spinner />} />;

/** Suspense for a public screen (the wrapper's display comes from index.html's style, as the first paint's did): its first paint as the fallback while the first paint is the one shown, else a spinner. */
export function FirstPaintSuspense({ route, children }: { route: string; children: ReactNode }) {
  const fallback = adopted?.route === route ? <Adopted route={route} html={adopted.html} /> : spinner;
  return (
    <Suspense fallback={fallback}>
      {children}
      <FirstPaintDone />
    </Suspense>
  );
}

/** The adopted first paint if it is one behind login (the landing screen), else null. */
export const sessionFirstPaint = () => (adopted && SESSION_FIRST_PAINTS.includes(adopted.route as FirstPaintRoute) ? adopted : null);

export function Adopted({ route, html }: { route: string; html: string }) {
  return <div {...{ [FIRST_PAINT_ATTR]: route }} inert dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Suspense for the frame behind login: the landing screen's whole first paint while it is the one shown (the screen clears it: FirstPaintDone), else a spinner. */
export function SessionFirstPaintSuspense({ children }: { children: ReactNode }) {
  const painted = sessionFirstPaint();
  return <Suspense fallback={painted ? <Adopted route={painted.route} html={painted.html} /> : spinner}>{children}</Suspense>;
}
