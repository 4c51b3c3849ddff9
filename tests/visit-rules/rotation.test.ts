import { describe, expect, it } from 'vitest';
import { rotate, type RotationChild } from '../../mock-server/visit-rules/rotation.ts';

const child = (visit_threshold: number, remaining = visit_threshold, current: 1 | 2 = 1): RotationChild => ({ visit_threshold, remaining, current });

/** Run `n` visits and return the index each landed on. */
function visits(start: RotationChild[], type: 1 | 2 | 3, n: number, random?: () => number): { order: number[]; last: RotationChild[] } {
  let state = start;
  const order: number[] = [];
  for (let i = 0; i < n; i++) {
    const step = rotate(state, type, random);
    order.push(step.index);
    state = state.map((c, j) => ({ ...c, ...step.next[j]! }));
  }
  return { order, last: state };
}

describe('rotation type 1, sequential', () => {
  it('stays on a child until its visit threshold reaches 0, then moves to the next and wraps around', () => {
    const { order } = visits([child(2, 2, 2), child(3), child(1)], 1, 12);
    expect(order).toEqual([0, 0, 1, 1, 1, 2, 0, 0, 1, 1, 1, 2]);
  });

  it('counts the remaining visits down and refills the next child when the threshold reaches 0', () => {
    const first = rotate([child(2, 2, 2), child(3, 0)], 1);
    expect(first).toEqual({ index: 0, next: [{ remaining: 1, current: 2 }, { remaining: 0, current: 1 }] });
    const second = rotate([child(2, 1, 2), child(3, 0)], 1);
    expect(second).toEqual({ index: 0, next: [{ remaining: 0, current: 1 }, { remaining: 3, current: 2 }] });
  });

  it('a single child keeps every visit and its turn restarts', () => {
    const { order, last } = visits([child(2, 2, 2)], 1, 5);
    expect(order).toEqual([0, 0, 0, 0, 0]);
    expect(last[0]).toMatchObject({ current: 2 });
  });

  it('starts at the first child when none is current, and a used-up current child gets a full turn', () => {
    expect(rotate([child(2), child(2)], 1).index).toBe(0);
    expect(rotate([child(1, 0, 1), child(3, 0, 2)], 1)).toEqual({ index: 1, next: [{ remaining: 0, current: 1 }, { remaining: 2, current: 2 }] });
  });
});

describe('rotation type 2, random', () => {
  it('lands on the child the injected random value picks and marks it current', () => {
    const children = [child(5, 5, 2), child(5), child(5), child(5)];
    expect(rotate(children, 2, () => 0).index).toBe(0);
    expect(rotate(children, 2, () => 0.5).index).toBe(2);
    expect(rotate(children, 2, () => 0.999999).index).toBe(3);
    expect(rotate(children, 2, () => 0.3).next.map((c) => c.current)).toEqual([1, 2, 1, 1]);
  });

  it('never leaves the list even for random() = 1 and leaves the thresholds alone', () => {
    const step = rotate([child(4, 3), child(4, 1)], 2, () => 1);
    expect(step.index).toBe(1);
    expect(step.next.map((c) => c.remaining)).toEqual([3, 1]);
  });
});

describe('rotation type 3, round-robin', () => {
  it('switches to the next child after every visit', () => {
    expect(visits([child(9, 9, 2), child(9), child(9)], 3, 7).order).toEqual([0, 1, 2, 0, 1, 2, 0]);
  });

  it('continues from the current child', () => {
    expect(visits([child(1), child(1, 1, 2), child(1)], 3, 3).order).toEqual([1, 2, 0]);
  });
});

it('refuses a code without children', () => {
  expect(() => rotate([], 1)).toThrow();
});
