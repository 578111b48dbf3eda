import type { ValidationKey } from './login-validation';

/** Spec §9 defaults. */
export const DEFAULT_NICKNAME = '小宝宝';
export const DEFAULT_BIRTHDAY = '2013-01-01';
export const DEFAULT_GENDER = 1;
export const EARLIEST_BIRTHDAY = '1996-01-01';
export const NICKNAME_MAX_UNITS = 32;
export const ZODIAC_BASE_YEAR = 1996;

/** Nickname length in units: ASCII counts 1, anything else 2 (so 16 Chinese characters max). */
export function nicknameUnits(nickname: string): number {
  let units = 0;
  for (const ch of nickname) units += (ch.codePointAt(0) ?? 0) < 128 ? 1 : 2;
  return units;
}

/**
 * The nickname cut to the limit (whole characters, never half an emoji): what a nickname box
 * keeps when more is typed or pasted, so its counter never passes 16/16.
 */
export function clampNickname(nickname: string): string {
  let units = 0;
  let kept = '';
  for (const ch of nickname) {
    units += (ch.codePointAt(0) ?? 0) < 128 ? 1 : 2;
    if (units > NICKNAME_MAX_UNITS) break;
    kept += ch;
  }
  return kept;
}

export function validateNickname(nickname: string): ValidationKey | null {
  if (!nickname.trim()) return 'nicknameEmpty';
  if (nicknameUnits(nickname) > NICKNAME_MAX_UNITS) return 'nicknameTooLong';
  return null;
}

/**
 * Birthday as YYYY-MM-DD: a real date, not in the future (relative to `today`, also
 * YYYY-MM-DD in the family's time zone) and later than 1996-01-01.
 */
export function validateBirthday(birthday: string, today: string): ValidationKey | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(birthday)) return 'birthdayInvalid';
  const date = new Date(`${birthday}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== birthday) {
    return 'birthdayInvalid';
  }
  if (birthday > today || birthday <= EARLIEST_BIRTHDAY) return 'birthdayInvalid';
  return null;
}

/** Spec §5: age is the current year minus the birth year. */
export function childAge(birthday: string, today: string): number {
  return Number(today.slice(0, 4)) - Number(birthday.slice(0, 4));
}

/** Index in the zodiac list (rat first) of a birth year: offset from 1996 modulo 12. */
export function zodiacIndex(birthYear: number): number {
  return (((birthYear - ZODIAC_BASE_YEAR) % 12) + 12) % 12;
}

export interface AvatarLists {
  boy: readonly string[];
  girl: readonly string[];
  zodiac: readonly string[];
}

/**
 * Carousel order (spec §5): for gender 1 boys first, then the zodiac animal of the birth year,
 * then girls, then all zodiac; otherwise girls first and boys third.
 */
export function avatarOrder(avatars: AvatarLists, gender: number, birthYear: number): string[] {
  const own = avatars.zodiac[zodiacIndex(birthYear)];
  const [first, third] = gender === 1 ? [avatars.boy, avatars.girl] : [avatars.girl, avatars.boy];
  return [...first, ...(own ? [own] : []), ...third, ...avatars.zodiac];
}

/**
 * Spec §5: the first-setup slide is random among the first 13 — with twelve avatars per gender
 * that is the child's own gender and birth-year animal. With fewer per gender (six each ship
 * today) the first 13 reach into the other gender, and a girl's picker started on a boy
 * (issue 40 item 8): the choice stays inside the child's own gender and animal.
 */
export const INITIAL_AVATAR_CHOICES = 13;
export function initialAvatarSlide(
  order: readonly string[],
  random: () => number,
  choices = INITIAL_AVATAR_CHOICES,
): number {
  const n = Math.max(1, Math.min(INITIAL_AVATAR_CHOICES, choices, order.length));
  return Math.floor(random() * n);
}

/**
 * The slide the avatar picker opens on (decision 098): the child's own avatar when editing and
 * it is not one of the other gender's (a boy's picture kept after the gender was set to girl is
 * not where a girl's picker starts); otherwise a random one of the child's own gender and
 * birth-year animal (the head of {@link avatarOrder}).
 */
export function startAvatarSlide(
  avatars: AvatarLists,
  gender: number,
  birthYear: number,
  current: string | null,
  random: () => number,
): number {
  const order = avatarOrder(avatars, gender, birthYear);
  const [own, other] = gender === 1 ? [avatars.boy, avatars.girl] : [avatars.girl, avatars.boy];
  if (current && !other.includes(current)) {
    const at = order.indexOf(current);
    if (at >= 0) return at;
  }
  const hasAnimal = avatars.zodiac[zodiacIndex(birthYear)] !== undefined;
  return initialAvatarSlide(order, random, own.length + (hasAnimal ? 1 : 0));
}
