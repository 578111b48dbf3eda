import type { TWorkEntry } from '@picbook/contracts';
import { ErrorCode } from '@picbook/contracts/errors';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppNavigate } from '../../shared/navigation/app-navigate';
import { useJump } from '../../shared/navigation/jump';
import { isRequestError } from '../../shared/request/request-error';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import lost from '../../shared/ui/illustrations/mascot-lost.svg';
import oops from '../../shared/ui/illustrations/mascot-oops.svg';
import welcome from '../../shared/ui/illustrations/mascot-welcome.svg';
import { useDeleteWork } from './delete-work';
import { WorkCard, WorkCardSkeleton } from './WorkCard';
import { LevelPicker, ModePicker, SortPicker } from './WorksFilters';
import styles from './WorksList.module.css';
import { WorksMessage } from './WorksMessage';
import { DEFAULT_FILTER, isNarrowed, parseWorksFilter, withWorksFilter } from './works-filter';
import { useWorksOwner } from './works-owner';
import { useUserWorks, type WorksFilter } from './works-queries';

/**
 * /works/list[?user=id] — every work of a child (the current one, or `?user=` for another child
 * whose works are public), 50 a page, loaded as the child scrolls; filtered by mode and level and
 * ordered by time, score or likes (kept in the query string: type, level, sort). On the child's
 * own list each work can be deleted after a confirmation.
 */
export default function WorksListPage() {
  const { t } = useTranslation('works');
  const [search, setSearch] = useSearchParams();
  const { userId, isOwn, isValid } = useWorksOwner(search.get('user'));
  const filter = parseWorksFilter(search);
  const works = useUserWorks(userId, filter, isOwn);
  const jump = useJump();
  const { go } = useAppNavigate();
  const [toDelete, setToDelete] = useState<TWorkEntry | null>(null);
  const deletion = useDeleteWork(userId);

  const entries = works.data?.pages.flatMap((p) => p.list) ?? [];
  const total = works.data?.pages.at(-1)?.total ?? 0;
  const nickname = entries[0]?.nickname;
  const title = isOwn
    ? t('list.mine')
    : nickname
      ? t('list.theirs', { name: nickname })
      : t('list.title');
  const isHidden =
    !isValid ||
    (!isOwn && isRequestError(works.error) && works.error.code === ErrorCode.RecordNotFound);

  const handleFilter = (next: WorksFilter) =>
    setSearch(withWorksFilter(search, next), { replace: true });
  const handleOpen = (entry: TWorkEntry) =>
    jump('libraryProduction', { bookId: entry.work_info.book_id, rankId: entry.work_info.id });
  const handleConfirmDelete = () => {
    if (!toDelete) return;
    deletion.mutate(toDelete.work_info.id, { onSettled: () => setToDelete(null) });
  };

  return (
    <div className={styles.page} data-testid="works-list" data-own={isOwn ? '1' : '0'}>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        {works.isSuccess && (
          <span className={styles.count} data-testid="works-total">
            {t('list.count', { n: total })}
          </span>
        )}
        {!isHidden && (
          <div className={styles.mode}>
            <ModePicker filter={filter} onChange={handleFilter} />
          </div>
        )}
      </header>
      {!isHidden && (
        <div className={styles.filters}>
          <LevelPicker filter={filter} onChange={handleFilter} />
          <SortPicker filter={filter} onChange={handleFilter} />
        </div>
      )}

      {isHidden ? (
        <WorksMessage art={welcome} title={t('home.notPublic')} hint={t('home.notPublicHint')} />
      ) : works.isError ? (
        <WorksMessage art={oops} title={t('home.loadFailed')}>
          <Button variant="secondary" onClick={() => void works.refetch()}>
            {t('common.retry', { ns: 'translation' })}
          </Button>
        </WorksMessage>
      ) : works.isPending ? (
        <div className={styles.grid} aria-busy="true">
          {[1, 2, 3, 4, 5].map((n) => (
            <WorkCardSkeleton key={n} />
          ))}
        </div>
      ) : entries.length === 0 ? (
        isNarrowed(filter) ? (
          <WorksMessage art={lost} title={t('list.emptyFiltered')}>
            <Button onClick={() => handleFilter(DEFAULT_FILTER)}>{t('list.showAll')}</Button>
          </WorksMessage>
        ) : (
          <WorksMessage art={lost} title={isOwn ? t('home.emptyMine') : t('home.emptyTheirs')}>
            {isOwn && <Button onClick={() => go('/library')}>{t('home.toLibrary')}</Button>}
          </WorksMessage>
        )
      ) : (
        <>
          <ul className={styles.grid}>
            {entries.map((entry) => (
              <li key={entry.work_info.id}>
                <WorkCard
                  entry={entry}
                  onOpen={handleOpen}
                  onDelete={isOwn ? setToDelete : undefined}
                  hasDate
                />
              </li>
            ))}
          </ul>
          <LoadMore
            hasMore={works.hasNextPage}
            isLoading={works.isFetchingNextPage}
            onLoad={() => void works.fetchNextPage()}
          />
        </>
      )}

      {toDelete && (
        <Dialog
          title={t('list.deleteTitle')}
          onClose={deletion.isPending ? undefined : () => setToDelete(null)}
          testId="work-delete-dialog"
        >
          <p className={styles.dialogBody}>
            {t('list.deleteBody', {
              title: toDelete.work_info.title_cn || toDelete.work_info.title_en,
            })}
          </p>
          <div className={styles.dialogActions} data-dialog-actions>
            <Button
              variant="secondary"
              disabled={deletion.isPending}
              onClick={() => setToDelete(null)}
            >
              {t('list.deleteCancel')}
            </Button>
            <Button
              className={styles.danger}
              isLoading={deletion.isPending}
              onClick={handleConfirmDelete}
            >
              {t('list.deleteConfirm')}
            </Button>
          </div>
        </Dialog>
      )}
    </div>
  );
}

/**
 * Loads the next page when the end of the list scrolls into view (§5: it stops at page_count);
 * the button does the same for a tap, or where IntersectionObserver is missing.
 */
function LoadMore({
  hasMore,
  isLoading,
  onLoad,
}: {
  hasMore: boolean;
  isLoading: boolean;
  onLoad: () => void;
}) {
  const { t } = useTranslation('works');
  const ref = useRef<HTMLDivElement>(null);
  const canLoad = hasMore && !isLoading;
  const load = useRef(onLoad);
  load.current = onLoad;
  useEffect(() => {
    const node = ref.current;
    if (!node || !canLoad || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (seen) => {
        if (seen.some((e) => e.isIntersecting)) load.current();
      },
      { rootMargin: '0px 0px 240px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [canLoad]);

  return (
    <div className={styles.more} ref={ref}>
      {hasMore ? (
        <Button variant="secondary" isLoading={isLoading} onClick={onLoad}>
          {t('list.loadMore')}
        </Button>
      ) : (
        <span className={styles.end}>{t('list.end')}</span>
      )}
    </div>
  );
}
