import type { TConfigs, TUserInfo } from '@picbook/contracts';
import {
  DEFAULT_BIRTHDAY,
  DEFAULT_GENDER,
  DEFAULT_NICKNAME,
  EARLIEST_BIRTHDAY,
  validateBirthday,
  validateNickname,
} from '@picbook/domain';

/** Spec §9: date helpers work at +8 hours (the family's time zone, Asia/Shanghai). */
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** Today as YYYY-MM-DD in Asia/Shanghai: the birthday picker's maximum. */
export function chinaToday(now: Date = new Date()): string {
  return new Date(now.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The first day a birthday may be ("later than 1996-01-01"), for the picker's minimum. */
export const BIRTHDAY_MIN = (() => {
  const day = new Date(`${EARLIEST_BIRTHDAY}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
})();

export type Gender = 1 | 2;

export interface ChildForm {
  nickname: string;
  birthday: string;
  gender: Gender;
  region: number;
}

/** Keys of the messages in the `child` namespace's `validation` group. */
export type ChildProblem = 'nicknameEmpty' | 'nicknameTooLong' | 'birthdayInvalid';

/**
 * First-setup region: the server's province guess when it is one of the listed regions, else the
 * configured default (spec §3).
 */
export function initialRegion(configs: TConfigs, user: TUserInfo | null): number {
  const guess = user?.geo.province_id;
  if (guess != null && configs.regions.some((r) => r.id === guess)) return guess;
  return configs.default_region;
}

export function initialChildForm(configs: TConfigs, user: TUserInfo | null): ChildForm {
  return {
    nickname: DEFAULT_NICKNAME,
    // Empty until the parent picks the date: a preset 2013-01-01 looked like an answer and was
    // saved unseen (issue 39); the picker shows its own yyyy/mm/dd prompt, validation still asks.
    birthday: '',
    gender: DEFAULT_GENDER,
    region: initialRegion(configs, user),
  };
}

/** The info step's checks in the spec's order; the first problem wins. */
export function validateChildForm(form: ChildForm, today: string): ChildProblem | null {
  const problem = validateNickname(form.nickname) ?? validateBirthday(form.birthday, today);
  if (problem === 'nicknameEmpty' || problem === 'nicknameTooLong') return problem;
  return problem ? 'birthdayInvalid' : null;
}

/** Birth year for the zodiac avatar; the default year while the date is incomplete. */
export function birthYear(birthday: string): number {
  const year = Number(birthday.slice(0, 4));
  return Number.isInteger(year) && year > 0 ? year : Number(DEFAULT_BIRTHDAY.slice(0, 4));
}
