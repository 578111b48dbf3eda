import type { TRankItem, TScoredWord, TWorkEntry, TWorkItem, TWorkUser } from '@picbook/contracts';
import { parseContentId } from '@picbook/domain';
import type { books } from '../../platform/db/schema';
import { unixSeconds } from '../../platform/time';
import type { WorkRow } from './works.queries';

/** A line of a ranking (also each side of a PK). */
export function presentRankItem(
  work: WorkRow,
  user: TWorkUser,
  isLiked: boolean,
  rank: number | null,
): TRankItem {
  return {
    rank_id: work.id,
    id: work.id,
    rank,
    user_id: work.userId,
    nickname: user.nickname,
    avatar: user.avatar,
    region: user.region,
    regionName: user.regionName,
    book_id: work.bookId,
    type: work.type,
    score: work.score,
    like: work.likes,
    is_liked: isLiked,
    created_at: unixSeconds(work.createdAt),
  };
}

/** A line of a works list. */
export function presentWorkEntry(
  work: WorkRow,
  book: typeof books.$inferSelect,
  nickname: string,
  isLiked: boolean,
): TWorkEntry {
  return {
    work_info: {
      id: work.id,
      like: work.likes,
      book_id: book.id,
      title_en: book.titleEn,
      title_cn: book.titleCn,
      cover: book.cover,
      level: book.level,
      type: work.type,
      score: work.score,
      created_at: unixSeconds(work.createdAt),
    },
    is_liked: isLiked,
    nickname,
  };
}

export interface ItemWithKey {
  contentId: string;
  secondaryId: number;
  score: number;
  duration: number;
  words: Array<{ word: string; score: number; start: number; end: number; status: string }> | null;
  key: string;
}

/** Reading order of content ids: page, then sentence (the whole page before its sentences). */
export function byReadingOrder(a: { contentId: string }, b: { contentId: string }): number {
  const x = parseContentId(a.contentId);
  const y = parseContentId(b.contentId);
  if (!x || !y) return a.contentId.localeCompare(b.contentId);
  return x.page - y.page || (x.sentence ?? 0) - (y.sentence ?? 0);
}

/** An item of a work; `audioUrl` signs its recording for whoever is looking. */
export function presentWorkItem(item: ItemWithKey, audioUrl: (key: string) => string): TWorkItem {
  return {
    content_id: item.contentId,
    secondary_id: item.secondaryId,
    score: item.score,
    audio_url: audioUrl(item.key),
    duration: item.duration,
    words: (item.words ?? []) as TScoredWord[],
  };
}
