import type { RouteName } from '../../contracts/index.ts';
import type { Screen } from './screens.ts';

/** A route of contracts/routes.ts with no line in the screen table (client/app/screens.ts). */
export class MissingScreenError extends Error {
  constructor(readonly route: RouteName) {
    super(`No screen is declared for the route "${route}": add it to client/app/screens.ts (route name → lazy import of its screen).`);
    this.name = 'MissingScreenError';
  }
}

/**
 * The screen of a route. A route without one is a slip while building (every route has a screen today,
 * tests/client/not-built-screen.test.tsx): in development it throws, naming the route, so it cannot pass
 * unseen; a production build keeps the quiet "not built yet" panel (undefined here) for its users.
 */
export function screenFor(name: RouteName, table: Readonly<Partial<Record<RouteName, Screen>>>, dev: boolean = import.meta.env.DEV): Screen | undefined {
  const screen = table[name];
  if (!screen && dev) throw new MissingScreenError(name);
  return screen;
}
