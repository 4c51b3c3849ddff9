import type { ScryptCost } from './passwords.ts';

/** dev and test modes validate every answer against its contract and enable the control API. */
export type ServerMode = 'production' | 'dev' | 'test';

export interface ServerConfig {
  readonly mode: ServerMode;
  readonly sessionIdleMs: number;
  readonly scrypt: ScryptCost;
  /** The live statistics feed's send interval; null: sent only when flushed by hand (tests). Default 1 s. */
  readonly liveFlushMs?: number | null;
  /**
   * The password-transport key (PKCS#8 PEM) to store when the database holds none. Default: a new one. Tests
   * pass one made once per process: making a 2048-bit key costs about a third of a second.
   */
  readonly rsaPrivatePem?: string;
}
