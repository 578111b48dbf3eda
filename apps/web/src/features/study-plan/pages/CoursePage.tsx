import type { TCourse, TCoursePart, TCourseResult } from '@picbook/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useAppNavigate } from '../../../shared/navigation/app-navigate';
import { RequestError } from '../../../shared/request/request-error';
import { useStartup } from '../../../shared/startup/startup-store';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import lost from '../../../shared/ui/illustrations/mascot-lost.svg';
import oops from '../../../shared/ui/illustrations/mascot-oops.svg';
import mascot from '../../../shared/ui/illustrations/mascot-welcome.svg';
import { StateScreen } from '../../../shared/ui/StateScreen';
import { type LearningHistory, readLearningHistory } from '../learning-history';
import { CoursePlayer } from '../player/CoursePlayer';
import { useCourse } from '../study-plan-queries';
import styles from './CoursePage.module.css';

/** Where a finished course's screen is: /learning/finish/{level}/{world}/{stage}/{subPath}/{subStage}. */
export const finishPath = (
  c: Pick<TCourse, 'level' | 'week' | 'stage' | 'sub_path' | 'position'>,
) => `/learning/finish/${c.level}/${c.week}/${c.stage}/${c.sub_path}/${c.position}`;

/** A locked or missing course, explained (the server's message) with a way back. */
export function CourseProblem({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useTranslation('studyPlan');
  const { back } = useAppNavigate();
  const known = error instanceof RequestError && (error.code === 10400 || error.code === 10024);
  return (
    <StateScreen
      art={known ? lost : oops}
      title={known ? t('player.lockedTitle') : t('player.loadFailed')}
      hint={known ? (error as RequestError).message : undefined}
      testId="course-problem"
      actions={
        known ? (
          <Button onClick={() => void back('/learning')}>{t('back')}</Button>
        ) : (
          <Button onClick={onRetry}>{t('retry')}</Button>
        )
      }
    />
  );
}

/**
 * /learning/partContent/:processId — a course of parts: loaded (a locked one is explained), then
 * continue-or-restart from the history learning-{level} (?ctn=1 continues, ?ctn=2 restarts
 * without asking), an intro card to begin with a tap (it also lets sound and the microphone
 * start), then the player. A video course goes to its own screen.
 */
/**
 * The course of the route's processId, for a screen of one kind: a course of the other kind
 * (the story video or parts) is sent on to its own screen.
 */
export function useCourseOfKind(kind: 'parts' | 'video') {
  const { processId = '' } = useParams();
  const id = Number(processId);
  const course = useCourse(id);
  const navigate = useNavigate();
  const other = course.data && course.data.content.kind !== kind ? course.data.content.kind : null;
  useEffect(() => {
    if (other === 'video') void navigate(`/learning/video/${id}`, { replace: true });
    if (other === 'parts') void navigate(`/learning/partContent/${id}`, { replace: true });
  }, [other, id, navigate]);
  return { id, course };
}

export default function CoursePage() {
  const { id, course } = useCourseOfKind('parts');
  const data = course.data;
  if (course.isError)
    return <CourseProblem error={course.error} onRetry={() => void course.refetch()} />;
  if (data?.content.kind !== 'parts')
    return <div className={styles.loading} data-testid="course-loading" />;
  return (
    <CourseStart
      key={id}
      course={data as TCourse & { content: { kind: 'parts'; parts: TCoursePart[] } }}
    />
  );
}

interface Start {
  part: number;
  history: LearningHistory | null;
}

function CourseStart({
  course,
}: {
  course: TCourse & { content: { kind: 'parts'; parts: TCoursePart[] } };
}) {
  const { t } = useTranslation('studyPlan');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const userId = useStartup((s) => s.user?.id);
  const ctn = search.get('ctn');
  const [history] = useState(() => readLearningHistory(userId, course.level, course.process_id));
  const usable = history && history.part < course.content.parts.length ? history : null;
  const [start, setStart] = useState<Start | null>(() => {
    if (usable && ctn === '1') return { part: usable.part, history: usable };
    if (!usable || ctn === '2') return { part: 0, history: null };
    return null;
  });
  const [begun, setBegun] = useState(false);

  if (!start && usable) {
    return (
      <Dialog title={t('player.continuePrompt.title')} testId="course-continue">
        <p className={styles.promptBody}>
          {t('player.continuePrompt.body', { n: usable.part + 1 })}
        </p>
        <div className={styles.promptActions} data-dialog-actions>
          <Button
            variant="secondary"
            size="large"
            onClick={() => setStart({ part: 0, history: null })}
          >
            {t('player.continuePrompt.restart')}
          </Button>
          <Button size="large" onClick={() => setStart({ part: usable.part, history: usable })}>
            {t('player.continuePrompt.continue')}
          </Button>
        </div>
      </Dialog>
    );
  }
  if (!start) return null;
  if (!begun) {
    return (
      <div className={styles.intro} data-testid="course-intro">
        <img className={styles.mascot} src={mascot} alt="" />
        <div className={styles.card}>
          <p className={styles.kicker}>
            {t('weekN', { n: course.week })} · {t('dayN', { n: course.stage })}
          </p>
          <h1>{course.title_cn}</h1>
          <ol className={styles.parts}>
            {course.content.parts.map((p, i) => (
              <li key={p.part} className={i < start.part ? styles.partDone : undefined}>
                {p.title_cn}
              </li>
            ))}
          </ol>
          <Button
            size="large"
            variant="grass"
            onClick={() => setBegun(true)}
            data-testid="course-begin"
          >
            {t('player.begin')}
          </Button>
        </div>
      </div>
    );
  }
  const handleFinished = (_result: TCourseResult) => {
    void navigate(finishPath(course), { replace: true });
  };
  return (
    <CoursePlayer
      course={course}
      userId={userId}
      startPart={start.part}
      startAnswers={start.history?.answers ?? []}
      startSeconds={start.history?.seconds ?? 0}
      {...(start.history?.run ? { startRun: start.history.run } : {})}
      ref_={search.get('ref') ?? 'planning'}
      onFinished={handleFinished}
    />
  );
}
