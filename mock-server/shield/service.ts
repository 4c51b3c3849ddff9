import type { ServerConfig } from '../services/config.ts';
import { createDetector, type Detector } from './detector.ts';
import type { ShieldDeps } from './notify.ts';

/** How often the scheduler looks for due domains; each domain's own next check follows the configured interval. */
export const SHIELD_TICK_MS = 15_000;

/**
 * The scheduled detection job: every tick, a round over the domains whose next check is due (per kind, at the
 * configured interval; failed checks sooner, with backoff). Off in test mode, where `/__control/shield/run`
 * is the only thing that runs rounds, so tests decide when detection happens.
 */
export function createShieldService(services: ShieldDeps & { readonly config: Pick<ServerConfig, 'mode'> }, log: (line: string) => void) {
  let detector: Detector | undefined;
  // Made on first use: the detector prepares statements over tables the migrations create.
  const get = (): Detector => (detector ??= createDetector(services));
  let timer: NodeJS.Timeout | null = null;
  return {
    get detector(): Detector {
      return get();
    },
    start(): void {
      if (services.config.mode === 'test' || timer) return;
      timer = setInterval(() => {
        if (!services.db.open) return;
        try {
          get().round();
        } catch (e) {
          log(`shield: round failed: ${e instanceof Error ? e.message : String(e)}`);
        }
      }, SHIELD_TICK_MS);
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
export type ShieldService = ReturnType<typeof createShieldService>;
