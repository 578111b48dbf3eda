import type { TUserOverview, TUserWorks } from '@picbook/contracts';
import { ErrorCode } from '@picbook/contracts/errors';
import { WORK_DELETED_MESSAGE } from '@picbook/contracts/works-limits';
import { type InfiniteData, useMutation } from '@tanstack/react-query';
import { i18n } from '../../shared/i18n';
import { api } from '../../shared/request/api';
import { queryClient } from '../../shared/request/query-client';
import { isRequestError } from '../../shared/request/request-error';
import { toast } from '../../shared/toast/toast-store';

/** §8: 10400 and 10024 on likes and delete are info toasts, anything else an error toast. */
const INFO_CODES: ReadonlySet<number> = new Set([ErrorCode.NotAllowed, ErrorCode.RecordNotFound]);

/** Takes work `id` out of every cached list and home page of `userId` (counts follow). */
export function removeWorkFromCaches(userId: number, id: number): void {
  let likes = 0;
  queryClient.setQueriesData<InfiniteData<TUserWorks>>(
    { queryKey: ['works', 'list', userId] },
    (data) => {
      if (!data?.pages.some((p) => p.list.some((e) => e.work_info.id === id))) return data;
      return {
        ...data,
        pages: data.pages.map((p) => ({
          ...p,
          list: p.list.filter((e) => {
            if (e.work_info.id !== id) return true;
            likes = e.work_info.like;
            return false;
          }),
          total: Math.max(0, p.total - 1),
        })),
      };
    },
  );
  queryClient.setQueryData<TUserOverview>(['works', 'home', userId], (home) => {
    if (!home) return home;
    const gone = home.best.find((e) => e.work_info.id === id);
    return {
      ...home,
      best: home.best.filter((e) => e.work_info.id !== id),
      works_count: Math.max(0, home.works_count - 1),
      likes_total: Math.max(0, home.likes_total - (gone?.work_info.like ?? likes)),
    };
  });
  // Rankings, PK and the home's best row (it may refill from the list) load again when shown.
  void queryClient.invalidateQueries({
    queryKey: ['works'],
    predicate: (q) => q.queryKey[1] !== 'list',
  });
}

function deletedMessage(): string {
  return i18n.language === 'en' ? WORK_DELETED_MESSAGE.en : WORK_DELETED_MESSAGE['zh-CN'];
}

/**
 * Deletes one of the child's own works (DELETE /api/v1/user/works/{id}): on success the spec's
 * "work deleted successfully" toast and the work leaves every cached list. A work that is already
 * gone (10024) leaves the lists too.
 */
export function useDeleteWork(userId: number) {
  return useMutation({
    mutationFn: (id: number) => api('deleteWork', { params: { id } }, { silent: true }),
    onSuccess: (_, id) => {
      removeWorkFromCaches(userId, id);
      toast.success(deletedMessage());
    },
    onError: (error, id) => {
      if (isRequestError(error) && INFO_CODES.has(error.code)) {
        toast.info(error.message);
        if (error.code === ErrorCode.RecordNotFound) removeWorkFromCaches(userId, id);
      } else {
        toast.error(error.message);
      }
    },
  });
}
