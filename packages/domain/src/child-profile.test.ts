import { describe, expect, it } from 'vitest';
import {
  avatarOrder,
  childAge,
  clampNickname,
  initialAvatarSlide,
  nicknameUnits,
  startAvatarSlide,
  validateBirthday,
  validateNickname,
  zodiacIndex,
} from './child-profile';
import { validationMessagesZh } from './login-validation';

describe('nickname (spec §5: not empty, ≤32 units with non-ASCII counted twice)', () => {
  it.each([
    ['', 'nicknameEmpty'],
    ['   ', 'nicknameEmpty'],
    ['小宝宝', null],
    ['a'.repeat(32), null],
    ['a'.repeat(33), 'nicknameTooLong'],
    ['宝'.repeat(16), null],
    ['宝'.repeat(17), 'nicknameTooLong'],
    [`${'宝'.repeat(15)}ab`, null],
    [`${'宝'.repeat(15)}abc`, 'nicknameTooLong'],
  ] as const)('%j → %s', (nickname, expected) => expect(validateNickname(nickname)).toBe(expected));

  it.each([
    ['宝'.repeat(17), '宝'.repeat(16)],
    ['a'.repeat(40), 'a'.repeat(32)],
    [`${'宝'.repeat(15)}abc`, `${'宝'.repeat(15)}ab`],
    [`${'a'.repeat(31)}😀`, 'a'.repeat(31)],
    ['乐乐', '乐乐'],
  ])('clamps %j to %j', (typed, kept) => expect(clampNickname(typed)).toBe(kept));

  it('counts units', () => {
    expect(nicknameUnits('Dudu嘟嘟')).toBe(8);
    expect(nicknameUnits('😀')).toBe(2);
  });

  it('uses the spec messages', () => {
    expect(validationMessagesZh.nicknameEmpty).toBe('昵称不能为空');
    expect(validationMessagesZh.nicknameTooLong).toBe('昵称不能超过16个字');
    expect(validationMessagesZh.birthdayInvalid).toBe('请输入正确的生日');
  });
});

describe('birthday (spec §5: not empty, not in the future, later than 1996-01-01)', () => {
  const today = '2026-11-21';
  it.each([
    ['', 'birthdayInvalid'],
    ['2013-01-01', null],
    ['2026-11-21', null],
    ['2026-11-22', 'birthdayInvalid'],
    ['1996-01-01', 'birthdayInvalid'],
    ['1996-01-02', null],
    ['2019-02-30', 'birthdayInvalid'],
    ['2019/02/03', 'birthdayInvalid'],
  ] as const)('%j → %s', (birthday, expected) =>
    expect(validateBirthday(birthday, today)).toBe(expected),
  );

  it('age is the current year minus the birth year', () => {
    expect(childAge('2019-12-31', '2026-01-01')).toBe(7);
  });
});

describe('avatar order (spec §5)', () => {
  const avatars = {
    boy: ['b1', 'b2'],
    girl: ['g1', 'g2'],
    zodiac: [
      'rat',
      'ox',
      'tiger',
      'rabbit',
      'dragon',
      'snake',
      'horse',
      'goat',
      'monkey',
      'rooster',
      'dog',
      'pig',
    ],
  };

  it.each([
    [1996, 0],
    [2008, 0],
    [2019, 11],
    [2020, 0],
    [1995, 11],
  ])('zodiac of %i is index %i (offset from 1996 modulo 12)', (year, index) => {
    expect(zodiacIndex(year)).toBe(index);
  });

  it('gender 1: boys, own zodiac, girls, all zodiac', () => {
    expect(avatarOrder(avatars, 1, 2016).slice(0, 7)).toEqual([
      'b1',
      'b2',
      'monkey',
      'g1',
      'g2',
      'rat',
      'ox',
    ]);
  });

  it('other gender: girls first, boys third', () => {
    expect(avatarOrder(avatars, 2, 2013).slice(0, 5)).toEqual(['g1', 'g2', 'snake', 'b1', 'b2']);
  });

  it('initial slide is random among the first 13', () => {
    const order = avatarOrder(
      { ...avatars, boy: Array(6).fill('b'), girl: Array(6).fill('g') },
      1,
      2013,
    );
    expect(initialAvatarSlide(order, () => 0)).toBe(0);
    expect(initialAvatarSlide(order, () => 0.9999)).toBe(12);
  });

  // Six avatars per gender ship: the first 13 of a girl's order reach into the boys (issue 40.8).
  const six = {
    boy: ['b1', 'b2', 'b3', 'b4', 'b5', 'b6'],
    girl: ['g1', 'g2', 'g3', 'g4', 'g5', 'g6'],
    zodiac: avatars.zodiac,
  };
  const girls = new Set([...six.girl, 'snake']);
  const boys = new Set([...six.boy, 'snake']);
  it.each([
    // gender, birth year, current avatar, random → the avatar the picker opens on (or a set)
    [2, 2013, null, 0, 'g1'],
    [2, 2013, null, 0.9999, 'snake'],
    [1, 2013, null, 0.9999, 'snake'],
    [1, 2013, null, 0, 'b1'],
    [2, 2013, 'g4', 0, 'g4'],
    [2, 2013, 'rat', 0.5, 'rat'],
    [2, 2013, 'b2', 0, 'g1'],
    [1, 2013, 'g2', 0, 'b1'],
    [2, 2013, 'not-in-config', 0, 'g1'],
  ] as const)('gender %i, %i, now %s, random %f → %s', (gender, year, current, r, expected) => {
    const order = avatarOrder(six, gender, year);
    expect(order[startAvatarSlide(six, gender, year, current, () => r)]).toBe(expected);
  });

  it('a new girl never starts on a boy, a new boy never on a girl', () => {
    for (let i = 0; i < 100; i++) {
      const r = i / 100;
      expect(
        girls.has(avatarOrder(six, 2, 2013)[startAvatarSlide(six, 2, 2013, null, () => r)] ?? ''),
      ).toBe(true);
      expect(
        boys.has(avatarOrder(six, 1, 2013)[startAvatarSlide(six, 1, 2013, null, () => r)] ?? ''),
      ).toBe(true);
    }
  });
});
