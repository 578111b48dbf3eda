import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAppNavigate } from '../../../shared/navigation/app-navigate';
import { api } from '../../../shared/request/api';
import { useLoginLayer } from '../../../shared/session/login-layer';
import { Button } from '../../../shared/ui/Button';
import oops from '../../../shared/ui/illustrations/mascot-oops.svg';
import welcome from '../../../shared/ui/illustrations/mascot-welcome.svg';
import { StateScreen } from '../../../shared/ui/StateScreen';
import styles from './ShellPages.module.css';

/**
 * /library/tasteTest/{bookId} (learning-content §2): a short taste of a book — its first pages
 * with their narration — ending in the login request for a visitor or the store for a user
 * without the right.
 */
export default function TasteTestPage() {
  const { t } = useTranslation('shell');
  const bookId = Number(useParams().bookId);
  const navigate = useNavigate();
  const { back } = useAppNavigate();
  const [index, setIndex] = useState(0);
  const taste = useQuery({
    queryKey: ['books', 'taste', bookId],
    queryFn: () => api('bookTaste', { params: { id: bookId } }),
    enabled: Number.isInteger(bookId) && bookId > 0,
  });
  if (taste.isError || !(bookId > 0)) {
    return (
      <StateScreen
        art={oops}
        title={t('taste.failed')}
        actions={<Button onClick={() => void back()}>{t('taste.back')}</Button>}
        testId="taste-error"
      />
    );
  }
  if (!taste.data)
    return <div className={styles.loading} role="progressbar" aria-label="loading" />;
  const { book_info: info, pages, next } = taste.data;
  const page = pages[index];
  const atEnd = index >= pages.length;

  if (atEnd || !page) {
    return (
      <section className={styles.tasteEnd} data-testid="taste-end">
        <img className={styles.tasteEndArt} src={welcome} alt="" />
        <div className={styles.tasteEndText}>
          <h2>
            {next === null ? t('taste.doneTitle') : t('taste.moreTitle', { title: info.title_cn })}
          </h2>
          <p>
            {next === 'login'
              ? t('taste.loginHint')
              : next === 'store'
                ? t('taste.storeHint')
                : t('taste.doneHint')}
          </p>
          <div className={styles.row}>
            <Button variant="secondary" onClick={() => setIndex(0)}>
              {t('taste.again')}
            </Button>
            {next === 'login' && (
              <Button
                onClick={() =>
                  useLoginLayer.getState().open({ onDone: () => void taste.refetch() })
                }
              >
                {t('taste.login')}
              </Button>
            )}
            {next === 'store' && (
              <Button onClick={() => void navigate('/parents/store?pageRef=tasteTest')}>
                {t('taste.store')}
              </Button>
            )}
            {next === null && <Button onClick={() => void back()}>{t('taste.back')}</Button>}
          </div>
        </div>
      </section>
    );
  }

  return (
    <section className={styles.taste} data-testid="taste-page">
      <img className={styles.tastePicture} src={page.image} alt="" />
      <div className={styles.tasteSide}>
        <h2 className={styles.tasteTitle}>{info.title_en}</h2>
        <p className={styles.tasteBadge}>
          {t('taste.badge', { n: index + 1, total: pages.length })}
        </p>
        {page.sentences.map((s) => (
          <p key={s.en} className={styles.tasteSentence}>
            <span lang="en">{s.en}</span>
            <small>{s.zh}</small>
          </p>
        ))}
        <div className={styles.row}>
          <Button
            variant="sky"
            onClick={() => void new Audio(page.audio).play().catch(() => undefined)}
          >
            {t('taste.listen')}
          </Button>
          <Button onClick={() => setIndex(index + 1)}>{t('taste.next')}</Button>
        </div>
      </div>
    </section>
  );
}
