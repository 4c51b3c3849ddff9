import type { EnumValue, RotationType } from '../../contracts/index.ts';

/** What rotation needs of a child: its threshold, what is left of its turn, and whether it is current. */
export interface RotationChild {
  readonly visit_threshold: number;
  readonly remaining: number;
  readonly current: 1 | 2;
}

export interface RotationStep {
  /** Index (in rotation order) of the child this visit lands on. */
  readonly index: number;
  /** Every child's state after the visit, same order. */
  readonly next: readonly { remaining: number; current: 1 | 2 }[];
}

/** Index of the current child; the first when none is marked (fresh or after edits). */
export function currentIndex(children: readonly RotationChild[]): number {
  const i = children.findIndex((c) => c.current === 2);
  return i < 0 ? 0 : i;
}

/**
 * One visit under a rotation type (spec §4), children in rotation order (sort, id):
 * - 1 sequential: the current child takes the visit and its remaining count drops; when it reaches 0 the next
 *   child (wrapping after the last) becomes current with a full turn (remaining = its visit_threshold).
 * - 2 random: a uniformly chosen child takes the visit (`random` in [0, 1), injectable) and becomes current.
 * - 3 round-robin: the current child takes the visit and the next one becomes current (switch after one visit).
 */
export function rotate(
  children: readonly RotationChild[],
  type: EnumValue<typeof RotationType>,
  random: () => number = Math.random,
): RotationStep {
  if (children.length === 0) throw new Error('a QR code without children cannot rotate');
  const n = children.length;
  const next = children.map((c) => ({ remaining: Math.min(c.remaining, c.visit_threshold), current: 1 as 1 | 2 }));
  const at = currentIndex(children);
  const makeCurrent = (i: number, refill: boolean) => {
    next[i]!.current = 2;
    if (refill) next[i]!.remaining = children[i]!.visit_threshold;
  };
  if (type === 2) {
    const index = Math.min(n - 1, Math.floor(random() * n));
    makeCurrent(index, false);
    return { index, next };
  }
  if (type === 3) {
    makeCurrent((at + 1) % n, false);
    return { index: at, next };
  }
  // Sequential: a child whose turn is already used up (remaining 0, e.g. after a threshold edit) gets a full one.
  const left = next[at]!.remaining > 0 ? next[at]!.remaining : children[at]!.visit_threshold;
  const after = left - 1;
  if (after > 0) {
    next[at]!.remaining = after;
    next[at]!.current = 2;
  } else {
    next[at]!.remaining = 0;
    makeCurrent((at + 1) % n, true);
  }
  return { index: at, next };
}
