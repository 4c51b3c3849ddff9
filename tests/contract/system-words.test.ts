import { describe, expect, it } from 'vitest';
import { builtInNameKey, placeIn } from '../../contracts/index.ts';
import { ipRanges, belongText } from '../../fixtures/seed/ip-ranges.ts';
import { roles } from '../../fixtures/seed/roles.ts';
import { rotationTypes } from '../../fixtures/seed/qr-codes.ts';
import { texts } from '../e2e/helpers/texts.ts';

/** System words (contracts/places.ts, contracts/built-in-names.ts): every one the seed writes has its English. */
describe('locations the IP service writes', () => {
  it.each([
    ['中国 广东 深圳 移动', 'China Guangdong Shenzhen China Mobile'],
    ['美国 旧金山', 'United States San Francisco'],
    ['中国 本机', 'China Local host'],
    ['', ''],
    ['Atlantis 海底', 'Atlantis 海底'], // a word the table lacks stays as written
  ])('%s reads "%s" in English', (zh, en) => {
    expect(placeIn(zh, 'en')).toBe(en);
    expect(placeIn(zh, 'zh-CN')).toBe(zh);
  });

  it('every location of the seeded IP table has English words', () => {
    const left = ipRanges.map((r) => placeIn(belongText(r), 'en')).filter((t) => /\p{Script=Han}/u.test(t));
    expect(left).toEqual([]);
  });
});

describe('built-in names', () => {
  it('every seeded role and rotation type (and its remark) has a label in both languages', () => {
    const seeded = [
      ...roles.map((r) => builtInNameKey('role', r.name)),
      ...rotationTypes.map((r) => builtInNameKey('rotation_type', r.name)),
      ...rotationTypes.filter((r) => r.remark).map((r) => builtInNameKey('rotation_type_remark', r.remark)),
    ];
    expect(seeded.every(Boolean)).toBe(true);
    for (const key of seeded) {
      expect(texts('en')(key!)).not.toMatch(/\p{Script=Han}/u);
      expect(texts('zh-CN')(key!)).toMatch(/\p{Script=Han}/u);
    }
  });

  it('a name in either language is built in; a name a person gave is not', () => {
    expect(builtInNameKey('role', 'Super administrator')).toBe('enums.built_in.role.super_admin');
    expect(builtInNameKey('role', ' 超级管理员 ')).toBe('enums.built_in.role.super_admin');
    expect(builtInNameKey('role', '运营')).toBeUndefined();
    expect(builtInNameKey('rotation_type', '超级管理员')).toBeUndefined();
  });
});
