import { ErrorCode, type TChild, type TSaveChild } from '@picbook/contracts';
import { validateBirthday, validateNickname, validationMessagesZh } from '@picbook/domain';
import type { AppDeps } from '../../platform/deps';
import { AppError, invalidParams } from '../../platform/errors';
import { chinaDate } from '../../platform/time';
import { loadConfigs } from '../configs';
import { presentChild } from './user.presenter';
import { createUserQueries } from './user.queries';

const CONSENT_MESSAGE = '请先由家长阅读并同意《儿童个人信息保护规则及监护人须知》';

/** The avatars a child may use: the configured lists. */
export async function isConfiguredAvatar(
  deps: AppDeps,
  icon: string,
  log: Parameters<typeof loadConfigs>[1],
) {
  const { avatars } = await loadConfigs(deps.db, log);
  return [...avatars.boy, ...avatars.girl, ...avatars.zodiac].includes(icon);
}

/**
 * Creates the child profile (first time: guardian consent required and recorded) or updates the
 * current one. Validation uses the spec's messages.
 */
export async function saveChild(
  deps: AppDeps,
  userId: number,
  input: TSaveChild,
  log: Parameters<typeof loadConfigs>[1],
): Promise<TChild> {
  const now = deps.clock.now();
  const nicknameProblem = validateNickname(input.nickname);
  if (nicknameProblem)
    throw new AppError(ErrorCode.InvalidParams, validationMessagesZh[nicknameProblem], {
      field: 'nickname',
    });
  const birthdayProblem = validateBirthday(input.birthday, chinaDate(now));
  if (birthdayProblem)
    throw new AppError(ErrorCode.InvalidParams, validationMessagesZh[birthdayProblem], {
      field: 'birthday',
    });
  const configs = await loadConfigs(deps.db, log);
  if (!configs.regions.some((r) => r.id === input.region))
    throw invalidParams('region', '不在地区列表中');
  if (input.avatar && !(await isConfiguredAvatar(deps, input.avatar, log))) {
    throw invalidParams('avatar', '不是可选头像');
  }

  const q = createUserQueries(deps.db);
  const user = await q.findById(userId);
  if (!user) throw new AppError(ErrorCode.NotLoggedIn);
  const values = {
    nickname: input.nickname.trim(),
    birthday: input.birthday,
    gender: input.gender === 1 ? 1 : 2,
    region: input.region,
    ...(input.avatar ? { avatar: input.avatar } : {}),
  };
  const [current] = await q.listChildren(userId);
  if (current) {
    const updated = await q.updateChild(current.id, values);
    if (!updated) throw new AppError(ErrorCode.RecordNotFound);
    return presentChild(updated, now);
  }
  if (!user.guardianConsentAt && input.consent !== 1) {
    throw new AppError(ErrorCode.InvalidParams, CONSENT_MESSAGE, { field: 'consent' });
  }
  return deps.db.transaction(async (tx) => {
    const txq = createUserQueries(tx);
    if (!user.guardianConsentAt) await txq.updateUser(userId, { guardianConsentAt: now });
    const child = await txq.insertChild({ userId, ...values, avatar: input.avatar || '' });
    return presentChild(child, now);
  });
}
