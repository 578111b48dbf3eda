import type { TBook } from '@picbook/contracts';
import { processPage, type WorkType, workTypeOfParam } from '@picbook/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { useAppNavigate } from '../../shared/navigation/app-navigate';
import { useJump } from '../../shared/navigation/jump';
import { RequestError } from '../../shared/request/request-error';
import { useStartup } from '../../shared/startup/startup-store';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import lostArt from '../../shared/ui/illustrations/mascot-lost.svg';
import oopsArt from '../../shared/ui/illustrations/mascot-oops.svg';
import { StateScreen } from '../../shared/ui/StateScreen';
import { useBook } from '../library';
import styles from './Practice.module.css';
import { PracticeRun } from './PracticeRun';
import {
  continuableHistory,
  newRunId,
  type PracticeHistory,
  readHistory,
} from './practice-history';
import { type PracticeItem, practiceItems } from './practice-items';

/**
 * /library/repeat/:bookId/:processId (sentence by sentence) and /library/speak/:bookId (page by
 * page): the mode is the route's second segment.
 */
export default function PracticeRoute() {
  const { pathname } = useLocation();
  const type = workTypeOfParam(pathname.split('/')[2]);
  return <PracticePage type={type} />;
}

interface Start {
  uuid: string;
  index: number;
}

/** Where a fresh run starts: the first item on the route's page (repeat), else the first. */
function freshStart(items: readonly PracticeItem[], processId: string | undefined): Start {
  const page = processId ? processPage(processId) : 1;
  const index = Math.max(
    0,
    items.findIndex((item) => item.page >= page),
  );
  return { uuid: newRunId(), index };
}

/**
 * Loads the book, then decides where the run starts (shell-and-account §4 jump flow): with saved
 * history the child is asked to continue or restart; `?ctn=1` continues and `?ctn=2` starts
 * afresh without asking.
 */
function PracticePage({ type }: { type: WorkType }) {
  const { t } = useTranslation('practice');
  const { bookId = '', processId } = useParams();
  const [search] = useSearchParams();
  const id = Number(bookId);
  const book = useBook(id);
  const { back } = useAppNavigate();
  const jump = useJump();
  const userId = useStartup((s) => s.user?.id);

  if (book.isPending) {
    return (
      <div className={styles.state} data-testid="practice-loading">
        <div className={styles.skeleton} />
      </div>
    );
  }
  if (book.isError || !book.data) {
    const missing = book.error instanceof RequestError && book.error.code === 10024;
    return (
      <StateScreen
        art={missing ? lostArt : oopsArt}
        title={t('loadFailed')}
        actions={
          missing ? (
            <Button onClick={() => back('/library')}>{t('back')}</Button>
          ) : (
            <Button onClick={() => void book.refetch()}>{t('retry')}</Button>
          )
        }
      />
    );
  }
  if (book.data.book_info.lock === 1) {
    return (
      <StateScreen
        art={lostArt}
        title={t('locked')}
        hint={book.data.book_info.title_cn}
        testId="practice-locked"
        actions={
          <Button
            onClick={() =>
              jump(
                'libraryDetail',
                { bookId: id, level: book.data.book_info.level, week: 0, day: 0 },
                { replace: true, needBackPath: false },
              )
            }
          >
            {t('toDetail')}
          </Button>
        }
      />
    );
  }
  return (
    <PracticeStart
      key={`${id}-${type}`}
      book={book.data}
      type={type}
      userId={userId}
      processId={processId}
      ctn={search.get('ctn')}
    />
  );
}

function PracticeStart({
  book,
  type,
  userId,
  processId,
  ctn,
}: {
  book: TBook;
  type: WorkType;
  userId: number | undefined;
  processId: string | undefined;
  ctn: string | null;
}) {
  const { t } = useTranslation('practice');
  const items = useMemo(() => practiceItems(book, type), [book, type]);
  const bookId = book.book_info.id;
  const [history] = useState<PracticeHistory | null>(() => readHistory(userId, bookId, type));
  const usable = continuableHistory(history, items.length);
  const [start, setStart] = useState<Start | null>(() => {
    if (usable && ctn === '1') return { uuid: usable.uuid, index: usable.index };
    if (!usable || ctn === '2') return freshStart(items, processId);
    return null; // ask
  });

  if (items.length === 0) {
    return <StateScreen art={lostArt} title={t('empty')} testId="practice-empty" />;
  }
  if (!start && usable) {
    return (
      <Dialog title={t('continuePrompt.title')} testId="practice-continue">
        <p className={styles.promptBody}>{t('continuePrompt.body', { n: usable.index + 1 })}</p>
        <div className={styles.promptActions} data-dialog-actions>
          <Button
            variant="secondary"
            size="large"
            onClick={() => setStart(freshStart(items, processId))}
          >
            {t('continuePrompt.restart')}
          </Button>
          <Button size="large" onClick={() => setStart({ uuid: usable.uuid, index: usable.index })}>
            {t('continuePrompt.continue')}
          </Button>
        </div>
      </Dialog>
    );
  }
  if (!start) return null;
  return (
    <PracticeRun
      key={start.uuid}
      book={book}
      items={items}
      type={type}
      userId={userId}
      uuid={start.uuid}
      startIndex={start.index}
    />
  );
}
