// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import { lazy } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createI18n, loadResources } from '../../client/app/i18n.ts';
import { RouteScreen } from '../../client/app/route-screen.tsx';
import { MissingScreenError, screenFor } from '../../client/app/screen-for.ts';
import { screens } from '../../client/app/screens.ts';
import { ErrorBoundary, isChunkLoadError } from '../../client/components/error-boundary.tsx';
import { fakeEffects } from './helpers/fake-effects.ts';
import { mountScreen } from './helpers/mount-screen.tsx';

/**
 * A route with no screen declaration fails loudly while developing: an error naming the route, shown on the
 * page by the error boundary, instead of the quiet "not built yet" panel a production build keeps.
 */

let en: i18n;
beforeAll(async () => {
  en = createI18n('en', await loadResources('en'));
});
afterEach(() => cleanup());

describe('screenFor', () => {
  const visitor = lazy(async () => ({ default: () => null }));

  it('throws in development, naming the route and where to declare it', () => {
    expect(() => screenFor('visitor', {}, true)).toThrow(MissingScreenError);
    expect(() => screenFor('visitor', {}, true)).toThrow(/"visitor".*client\/app\/screens\.ts/);
  });

  it('leaves production to the "not built yet" panel, and gives a declared screen in both', () => {
    expect(screenFor('visitor', {}, false)).toBeUndefined();
    expect(screenFor('visitor', { visitor }, true)).toBe(visitor);
    expect(screenFor('visitor', { visitor }, false)).toBe(visitor);
    expect(screenFor('visitor', screens, true)).toBe(screens.visitor);
  });
});

describe('a granted route without a screen, in a development build', () => {
  it('shows the error naming the route on the page', async () => {
    // The boundary logs what it caught (and React reports it): expected here, kept out of the test output.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await mountScreen({
        fx: fakeEffects({}),
        i18n: en,
        route: 'visitor',
        buttons: [],
        element: (
          <ErrorBoundary>
            <RouteScreen table={{}} />
          </ErrorBoundary>
        ),
      });
      expect(await screen.findByText(/No screen is declared for the route "visitor"/)).toBeTruthy();
      expect(screen.queryByText(/not built yet/)).toBeNull();
      expect(logged.mock.calls.some((args) => args.some((a) => a instanceof MissingScreenError && a.route === 'visitor'))).toBe(true);
    } finally {
      logged.mockRestore();
    }
  });
});

describe('what the error boundary says', () => {
  it('blames the network only for code that did not arrive, never for a failure of the console itself', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    // A crash of a screen once read "Cannot reach the server" (a lower layer than what went wrong).
    expect(isChunkLoadError(new Error('Maximum update depth exceeded'))).toBe(false);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
  });
});
