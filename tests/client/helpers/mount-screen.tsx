import { HotkeysProvider } from '@blueprintjs/core';
import { render } from '@testing-library/react';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createAppStore } from '../../../client/app/store.ts';
import { menuEvents } from '../../../client/state/menu-slice.ts';
import type { fakeEffects } from './fake-effects.ts';
import { leaf } from './menu-tree.ts';

/**
 * A screen as the console shows it, in jsdom: the real store and sagas over a fake effect layer, the session
 * modules loaded, a menu granting `route` with `buttons`, and the screen at `/customer/:name` (`address`,
 * default `/customer/<route>`). `beside` renders inside the router next to the routes (a location probe).
 */
export async function mountScreen(o: {
  fx: ReturnType<typeof fakeEffects>;
  i18n: i18n;
  route: string;
  buttons: string[];
  element: ReactNode;
  address?: string;
  beside?: ReactNode;
}) {
  const store = createAppStore(o.fx.effects);
  await store.loadSessionModules();
  store.dispatch(menuEvents.loaded([leaf(o.route, o.buttons)]));
  render(
    <Provider store={store}>
      <I18nextProvider i18n={o.i18n}>
        <HotkeysProvider>
          <MemoryRouter initialEntries={[o.address ?? `/customer/${o.route}`]}>
            {o.beside}
            <Routes>
              <Route path="/customer/:name" element={o.element} />
            </Routes>
          </MemoryRouter>
        </HotkeysProvider>
      </I18nextProvider>
    </Provider>,
  );
  return { store };
}
