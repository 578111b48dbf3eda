import type { TReadMode } from '@picbook/contracts';
import { pageProcess, processPage } from '@picbook/domain';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { useAppNavigate } from '../../../shared/navigation/app-navigate';
import { useJump } from '../../../shared/navigation/jump';
import { useOfflineBook } from '../../../shared/offline/offline-books';
import { RequestError } from '../../../shared/request/request-error';
import { useDeviceSetting } from '../../../shared/settings/device-settings';
import { useSettings } from '../../../shared/settings/user-settings';
import { useStartup } from '../../../shared/startup/startup-store';
import { Button } from '../../../shared/ui/Button';
import lostArt from '../../../shared/ui/illustrations/mascot-lost.svg';
import oopsArt from '../../../shared/ui/illustrations/mascot-oops.svg';
import { StateScreen } from '../../../shared/ui/StateScreen';
import { useBook } from '../library-queries';
import { Reader } from './Reader';
import styles from './Reader.module.css';

const MODES: readonly TReadMode[] = ['read', 'cn_read', 'explain'];

/** The reading mode is the route's second segment: /library/{read|cn_read|explain}/… */
export function modeOfPath(pathname: string): TReadMode {
  const segment = pathname.split('/')[2] as TReadMode;
  return MODES.includes(segment) ? segment : 'read';
}

/** /library/read|cn_read|explain/:bookId/:processId — loads the book, then the reader. */
export default function ReaderPage() {
  const { t } = useTranslation('reader');
  const { bookId = '', processId = '001' } = useParams();
  const location = useLocation();
  const { pathname } = location;
  const mode = modeOfPath(pathname);
  const id = Number(bookId);
  const book = useBook(id);
  const jump = useJump();
  const { back } = useAppNavigate();
  const autoTurn = useSettings((s) => s.values.library_page_type) === 1;
  const userId = useStartup((s) => s.user?.id);
  const [language, setLanguage] = useDeviceSetting('picbook_language', userId, 'zh');
  useOfflineBook(book.data);

  const toDetail = () =>
    jump(
      'libraryDetail',
      { bookId: id, level: book.data?.book_info.level ?? 1, week: 0, day: 0 },
      {
        replace: true,
        needBackPath: false,
      },
    );

  if (book.isPending) {
    return (
      <div className={styles.state} data-testid="reader-loading">
        <div className={styles.skeleton} />
      </div>
    );
  }
  if (book.isError || !book.data) {
    const missing = book.error instanceof RequestError && book.error.code === 10024;
    return (
      <StateScreen
        art={missing ? lostArt : oopsArt}
        title={missing ? t('notFound') : t('loadFailed')}
        actions={
          missing ? (
            <Button onClick={() => back('/library')}>{t('backToBook')}</Button>
          ) : (
            <Button onClick={() => void book.refetch()}>{t('retry')}</Button>
          )
        }
      />
    );
  }
  if (book.data.book_info.lock === 1 || book.data.pages.length === 0) {
    return (
      <StateScreen
        art={lostArt}
        title={t('lockedTitle')}
        hint={book.data.book_info.title_cn}
        testId="reader-locked"
        actions={<Button onClick={toDetail}>{t('lockedAction')}</Button>}
      />
    );
  }

  return (
    <Reader
      key={`${id}-${mode}`}
      book={book.data}
      mode={mode}
      startPage={processPage(processId)}
      autoTurn={autoTurn}
      showChinese={language !== 'en'}
      onToggleChinese={() => setLanguage(language === 'en' ? 'zh' : 'en')}
      onBack={() => void back()}
      // The address follows the page, so a reload resumes on the page the child was reading,
      // not where the book was opened. The entry is rewritten in place (same history state),
      // not navigated: a page turn is not a visit (no page view, no version check, no curtain).
      onPage={(page) => {
        const url = `/library/${mode}/${id}/${pageProcess(page)}${location.search}`;
        window.history.replaceState(window.history.state, '', url);
      }}
      onRepeat={() =>
        void jump(
          'libraryRepeat',
          { bookId: id, processId: '001' },
          { replace: true, needBackPath: false },
        )
      }
    />
  );
}
