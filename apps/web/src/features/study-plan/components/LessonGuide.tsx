import { shouldShowGuide } from '@picbook/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chinaToday } from '../../../shared/format/china-day';
import { useJump } from '../../../shared/navigation/jump';
import { api } from '../../../shared/request/api';
import { useStartup } from '../../../shared/startup/startup-store';
import { Button } from '../../../shared/ui/Button';
import mascot from '../../../shared/ui/illustrations/mascot-welcome.svg';
import { courseJump, markGuideShown, readGuideHistory } from '../plan-helpers';
import styles from './LessonGuide.module.css';

/**
 * The book-detail guide (§5): while the child has done fewer than 3 courses, a book of the plan
 * invites to its lessons — once a day, at most 3 times for a vip. The button opens a course of the
 * book's week (GET /api/v1/study_plan/get_randid).
 */
export function LessonGuide({ bookId }: { bookId: number }) {
  const { t } = useTranslation('studyPlan');
  const user = useStartup((s) => s.user);
  const jump = useJump();
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!user) return;
    const today = chinaToday();
    const show = shouldShowGuide({
      kind: 'bookDetail',
      doneCourses: user.done_courses,
      hasPlanningRight: true,
      isVip: user.vip === 1,
      today,
      history: readGuideHistory(user.id, 'bookDetail'),
    });
    if (show) {
      setShown(true);
      markGuideShown(user.id, today, 'bookDetail');
    }
  }, [user]);
  if (!shown) return null;
  const handleGo = async () => {
    setBusy(true);
    try {
      const course = await api('studyPlanRandId', { query: { book_id: bookId } });
      await jump(...courseJump(course), { search: { ref: 'book' } });
    } catch {
      setBusy(false); // the request layer explained it
    }
  };
  return (
    <div className={styles.guide} data-testid="lesson-guide">
      <img src={mascot} alt="" />
      <p>{t('bookGuide')}</p>
      <Button variant="grass" onClick={() => void handleGo()} isLoading={busy}>
        {t('bookGuideGo')}
      </Button>
    </div>
  );
}
