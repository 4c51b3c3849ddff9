import { describe, expect, it } from 'vitest';
import { superiorChoices } from '../../client/features/users/user-parts.tsx';

// 1 ← 2 ← 3 ← 5 and 1 ← 4; listed children first, so one pass over the list would miss some descendants.
const users = [
  { id: 5, account: 'e', superior_id: 3 },
  { id: 3, account: 'c', superior_id: 2 },
  { id: 4, account: 'd', superior_id: 1 },
  { id: 2, account: 'b', superior_id: 1 },
  { id: 1, account: 'a', superior_id: null },
];
const ids = (editing?: number) => superiorChoices(users, editing).map((o) => o.value);

describe('superior picker choices', () => {
  it('leave out the edited user and every user under them, whatever the order of the list', () => {
    expect(ids(2)).toEqual([4, 1]);
    expect(ids(3)).toEqual([4, 2, 1]);
    expect(ids(1)).toEqual([]);
    expect(ids(5)).toEqual([3, 4, 2, 1]);
  });

  it('offer everyone when adding', () => {
    expect(ids(undefined)).toEqual([5, 3, 4, 2, 1]);
    expect(superiorChoices(users, undefined)[0]).toEqual({ value: 5, label: 'e' });
  });
});
