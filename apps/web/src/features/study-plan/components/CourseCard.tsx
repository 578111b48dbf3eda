import type { TPlanCourse } from '@picbook/contracts';
import { useTranslation } from 'react-i18next';
import lockIcon from '../../../shared/ui/icons/lock.svg';
import styles from './CourseCard.module.css';
import { Stars } from './Stars';

const ICONS: Record<string, string> = {
  video: '🎬',
  book_read: '📖',
  auto_reading: '🎧',
  listen_repeat: '🗣️',
  listen_train: '👂',
  repeat_self: '🎤',
  repeat_train_b: '🧠',
  look_picture: '🖼️',
  subject_content: '💡',
  open_question: '💬',
  production: '🎙️',
};

/** A course of a day: what it has inside, its stars, open, done or locked (locked looks locked). */
export function CourseCard({
  course,
  n,
  onOpen,
  firstFinish = false,
}: {
  course: TPlanCourse;
  n: number;
  onOpen(course: TPlanCourse): void;
  firstFinish?: boolean;
}) {
  const { t } = useTranslation('studyPlan');
  const types = course.kind === 'video' ? ['video'] : course.part_types;
  const locked = course.status === 0;
  return (
    <button
      type="button"
      className={`${styles.card} ${styles[`s${course.status}`]} ${firstFinish ? styles.firstFinish : ''}`}
      onClick={() => onOpen(course)}
      data-testid="course-card"
      data-process={course.process_id}
      data-status={course.status}
      aria-label={`${course.title_cn} ${locked ? t('locked') : ''}`}
    >
      <span className={styles.n}>{n}</span>
      <span className={styles.icons} aria-hidden="true">
        {[...new Set(types)].map((type) => (
          <span key={type} title={t(`parts.${type}` as 'parts.video')}>
            {ICONS[type] ?? '⭐'}
          </span>
        ))}
      </span>
      <span className={styles.title}>{course.title_cn}</span>
      <span className={styles.meta}>
        {types.map((type) => t(`parts.${type}` as 'parts.video')).join(' · ')}
      </span>
      <span className={styles.foot}>
        {course.status === 2 ? (
          <Stars n={course.stars} />
        ) : (
          <small>
            {course.duration > 0 ? t('minutes', { n: course.duration }) : t('underAMinute')}
          </small>
        )}
        <span className={styles.action}>
          {locked ? <img src={lockIcon} alt="" /> : course.status === 2 ? t('again') : t('start')}
        </span>
      </span>
      {firstFinish && <span className={styles.burst}>{t('firstFinish')}</span>}
    </button>
  );
}
