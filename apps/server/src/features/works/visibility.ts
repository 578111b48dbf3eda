import { ErrorCode, type TPublicWorks } from '@picbook/contracts';
import type { DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { unixSeconds } from '../../platform/time';
import { createUserQueries } from '../user';
import { type ConsentRow, createSocialQueries } from './social.queries';
import { createWorkQueries, type WorkRow } from './works.queries';

/**
 * Who sees a work: its owner always; anyone else only while the owner's guardian has agreed to
 * show the child's works (public_works). Anything else answers 10024 "gone", the same as a work
 * that does not exist, so a hidden child's works cannot be probed.
 */
const notFound = () => new AppError(ErrorCode.RecordNotFound);

/** The work when `viewerId` may see it; 10024 otherwise. */
export async function findVisibleWork(
  db: DbOrTx,
  viewerId: number | null,
  workId: number,
): Promise<WorkRow> {
  const work = await createWorkQueries(db).findWork(workId);
  if (!work) throw notFound();
  if (work.userId !== viewerId && !(await createSocialQueries(db).isPublic(work.userId))) {
    throw notFound();
  }
  return work;
}

/** Whether `viewerId` may see the works of `ownerId` (10024 when not, or no such user). */
export async function worksAccessOf(
  db: DbOrTx,
  viewerId: number | null,
  ownerId: number,
): Promise<{ isSelf: boolean; isPublic: boolean; level: number }> {
  const [owner, isPublic] = await Promise.all([
    createUserQueries(db).findById(ownerId),
    createSocialQueries(db).isPublic(ownerId),
  ]);
  if (!owner) throw notFound();
  const isSelf = owner.id === viewerId;
  if (!isSelf && !isPublic) throw notFound();
  return { isSelf, isPublic, level: owner.level };
}

export function presentConsent(row: ConsentRow | null): TPublicWorks {
  return {
    consented: row?.consented ? 1 : 0,
    updated_at: row ? unixSeconds(row.updatedAt) : null,
  };
}
