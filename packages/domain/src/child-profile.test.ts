import { describe, expect, it } from 'vitest';
import {
  avatarOrder,
  childAge,
  clampNickname,
  initialAvatarSlide,
  nicknameUnits,
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
});
