import { ErrorCode, type TPk } from '@picbook/contracts';
import { pkWinner, type WorkType, workItemsOf } from '@picbook/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { recordingUrl } from '../../platform/storage/serve-uploads';
import { createLibraryQueries, findBookOrFail, isBookOpen, loadReader } from '../library';
import { createSocialQueries } from './social.queries';
import { findVisibleWork } from './visibility';
import { loadWorkUsers, workUserOf } from './work-users';
import { presentRankItem } from './works.presenter';
import { createWorkQueries, type WorkRow } from './works.queries';

/**
 * GET /api/v1.2/books/{id}/pk: the caller's best work of the book in a mode against another work
 * (rank_id), item by item. The other work must be of this book and mode and one the caller may
 * see (10024); the book must be open to the caller, since the answer carries its text (10400).
 */
export async function bookPk(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: number,
  input: { bookId: number; type: WorkType; rankId: number },
): Promise<TPk> {
  const { bookId, type } = input;
  const book = await findBookOrFail(deps.db, bookId);
  const theirs = await findVisibleWork(deps.db, userId, input.rankId);
  if (theirs.bookId !== bookId || theirs.type !== type) {
    throw new AppError(ErrorCode.RecordNotFound);
  }
  const reader = await loadReader(deps.db, userId, deps.clock.now());
  if (!(await isBookOpen(deps.db, reader, book))) {
    throw new AppError(ErrorCode.NotAllowed, '这本绘本还没有解锁，解锁后才能 PK 哦');
  }
  const wq = createWorkQueries(deps.db);
  const mine = await wq.findBestWork(userId, bookId, type);
  const [pages, mineItems, theirItems, users, liked] = await Promise.all([
    createLibraryQueries(deps.db).listPages(bookId),
    mine ? wq.listItemsWithKeys(mine.id) : [],
    wq.listItemsWithKeys(theirs.id),
    loadWorkUsers(deps.db, log, [userId, theirs.userId]),
    createSocialQueries(deps.db).likedAmong(
      userId,
      [mine?.id, theirs.id].filter((id): id is number => id !== undefined),
    ),
  ]);
  const side = (items: typeof theirItems, ownerId: number) =>
    new Map(
      items.map((i) => [
        i.contentId,
        { score: i.score, audio_url: recordingUrl(deps, i.key, ownerId, userId) },
      ]),
    );
  const [mineBy, theirBy] = [side(mineItems, userId), side(theirItems, theirs.userId)];
  const present = (work: WorkRow) =>
    presentRankItem(work, workUserOf(users, work.userId), liked.has(work.id), null);
  const items = workItemsOf(
    type,
    pages.map((p) => ({ page: p.page, sentences: p.sentences.map((s) => s.en) })),
  );
  return {
    book_id: bookId,
    type,
    mine: mine ? present(mine) : null,
    theirs: present(theirs),
    list: items.map((item) => ({
      content_id: item.contentId,
      secondary_id: item.page,
      text: item.text,
      mine: mineBy.get(item.contentId) ?? null,
      theirs: theirBy.get(item.contentId) ?? null,
    })),
    totals: { mine: mine?.score ?? 0, theirs: theirs.score },
    winner: pkWinner(mine?.score ?? null, theirs.score),
  };
}
