import type { TPlanCourse } from '@picbook/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAppNavigate } from '../../../shared/navigation/app-navigate';
import { useJump } from '../../../shared/navigation/jump';
import { toast } from '../../../shared/toast/toast-store';
import { Button } from '../../../shared/ui/Button';
import lost from '../../../shared/ui/illustrations/mascot-lost.svg';
import { StateScreen } from '../../../shared/ui/StateScreen';
import { CourseCard } from '../components/CourseCard';
import { courseJump } from '../plan-helpers';
import { useLearningBook } from '../study-plan-queries';
import styles from './LearningBookPage.module.css';

/** /learning/book/:bookId — a book of the plan: its week's courses day by day. */
export default function LearningBookPage() {
  const { t } = useTranslation('studyPlan');
  const { bookId = '' } = useParams();
  const book = useLearningBook(Number(bookId));
  const jump = useJump();
  const { back } = useAppNavigate();
  if (book.isError) {
    return (
      <StateScreen
        art={lost}
        title={book.error.message}
        actions={<Button onClick={() => void back('/learning')}>{t('back')}</Button>}
      />
    );
  }
  const data = book.data;
  if (!data) return <div className={styles.page} />;
  const open = (c: TPlanCourse) => {
    if (c.status === 0) return toast.info(t('locks.order'));
    return void jump(...courseJump(c), { search: { ref: 'book' } });
  };
  const days = [...new Set(data.courses.map((c) => c.stage))];
  return (
    <div className={styles.page} data-testid="learning-book">
      <header className={styles.header}>
        <img src={data.book_info.cover.image_small} alt="" />
        <div>
          <h1>{data.book_info.title_cn}</h1>
          <p lang="en">{data.book_info.title_en}</p>
          <p>
            {t('level', { level: data.level })} · {t('weekN', { n: data.week })} · {data.theme_cn}
          </p>
        </div>
        <Button
          variant="sky"
          onClick={() => jump('planningDaily', { level: data.level, week: data.week, day: 1 })}
        >
          {t('openMap')}
        </Button>
      </header>
      <div className={styles.days}>
        {days.map((d) => (
          <section key={d} className={styles.day}>
            <h2>{t('dayN', { n: d })}</h2>
            <div className={styles.cards}>
              {data.courses
                .filter((c) => c.stage === d)
                .map((c, i) => (
                  <CourseCard key={c.uuid} course={c} n={i + 1} onOpen={open} />
                ))}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
