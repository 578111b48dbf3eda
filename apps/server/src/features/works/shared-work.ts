import { ErrorCode, type TSharedWork, type TWorkShareLink } from '@picbook/contracts';
import { sharedPagesOf, shareStateOf } from '@picbook/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { signedUploadUrl } from '../../platform/storage/serve-uploads';
import { bookMediaUrls, createLibraryQueries } from '../library';
import { createShareTokens, sharePathOf } from './share-token';
import { createSocialQueries } from './social.queries';
import { loadWorkUsers, workUserOf } from './work-users';
import { createWorkQueries } from './works.queries';

/**
 * Sharing one work with the family (issue 40 item 2, decision 092): the owner gets the work's
 * share address; anyone holding it sees the child's nickname, the pages the child read and the
 * recordings, without an account, while the guardian's consent holds and the work exists.
 */
const tokensOf = (deps: Pick<AppDeps, 'config'>) => createShareTokens(deps.config.mediaUrlKey);

/** GET /api/v1/rank/{id}/share_link: only for the work's owner (10024 otherwise, as if gone). */
export async function workShareLink(
  deps: AppDeps,
  userId: number,
  workId: number,
): Promise<TWorkShareLink> {
  const work = await createWorkQueries(deps.db).findWork(workId);
  if (!work || work.userId !== userId) throw new AppError(ErrorCode.RecordNotFound);
  const token = tokensOf(deps).tokenOf(work.id);
  const consented = await createSocialQueries(deps.db).isPublic(userId);
  return { token, path: sharePathOf(token), shared: consented ? 1 : 0 };
}

const NO_LONGER_SHARED: TSharedWork = { shared: 0, work: null };

/**
 * GET /api/v1/shared/{token}: a token that is not genuine is 10024 (checked before the database
 * is asked); a genuine one answers the work, or one "no longer shared" answer when consent was
 * withdrawn or the work (or the account) deleted. Only the pages the child recorded are sent,
 * their files signed (a locked book's other pages stay closed), and the recordings signed for
 * others, so each play asks for the consent again (decision 024).
 */
export async function sharedWork(
  deps: AppDeps,
  log: FastifyBaseLogger,
  token: string,
): Promise<TSharedWork> {
  const workId = tokensOf(deps).verify(token);
  if (workId === null) throw new AppError(ErrorCode.RecordNotFound, '分享链接不正确');
  const work = await createWorkQueries(deps.db).findWork(workId);
  const consented = work ? await createSocialQueries(deps.db).isPublic(work.userId) : false;
  if (!work || shareStateOf({ workExists: work !== null, consented }) !== 'shared') {
    return NO_LONGER_SHARED;
  }
  const library = createLibraryQueries(deps.db);
  const [items, book, pages, users] = await Promise.all([
    createWorkQueries(deps.db).listItemsWithKeys(work.id),
    library.findBook(work.bookId),
    library.listPages(work.bookId),
    loadWorkUsers(deps.db, log, [work.userId]),
  ]);
  if (!book) return NO_LONGER_SHARED;
  const url = bookMediaUrls(deps, book);
  const pageOf = new Map(pages.map((p) => [p.page, p]));
  return {
    shared: 1,
    work: {
      nickname: workUserOf(users, work.userId).nickname,
      type: work.type,
      score: work.score,
      book: { title_en: book.titleEn, title_cn: book.titleCn, cover: book.cover },
      pages: sharedPagesOf(items).flatMap(({ page, items: recorded }) => {
        const p = pageOf.get(page);
        if (!p) return [];
        return [
          {
            page,
            image: url(p.image),
            image_small: url(p.imageSmall),
            placeholder: p.placeholder,
            sentences: p.sentences.map((s) => ({ en: s.en, zh: s.zh })),
            recordings: recorded.map((r) => ({
              content_id: r.contentId,
              sentence: r.sentence,
              audio_url: signedUploadUrl(deps.urlSigner, r.key, 'public'),
              duration: r.duration,
              score: r.score,
            })),
          },
        ];
      }),
    },
  };
}
