import type { TCourse, TCoursePart, TCourseResult } from '@picbook/contracts';
import { type LocalAnswerRecord, toAnswerPayloads } from '@picbook/domain';
import { type ComponentType, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uuidV4 } from '../../../shared/platform/uuid';
import { Button } from '../../../shared/ui/Button';
import { recordingQueue } from '../../speech';
import { clearLearningHistory, saveLearningHistory } from '../learning-history';
import { type SubmitInput, submitCourse } from '../study-plan-queries';
import { type CourseRun, CourseRunContext } from './course-run';
import { GuidedPart } from './GuideVoice';
import styles from './Player.module.css';
import type { PartProps } from './part-props';
import { PART_COMPONENTS } from './parts';

/** Seconds since a performance.now() instant. */
const secondsSince = (start: number) => (performance.now() - start) / 1000;

export interface CoursePlayerProps {
  course: TCourse & { content: { kind: 'parts'; parts: TCoursePart[] } };
  userId: number | undefined;
  startPart: number;
  startAnswers: LocalAnswerRecord[];
  startSeconds: number;
  /** The run continued from the learning history (a new run when absent). */
  startRun?: string;
  ref_: string;
  onFinished(result: TCourseResult): void;
  /**
   * Sends the answers somewhere else than a course submit (a report's redo): replaces the submit
   * and onFinished, and the learning history is left alone.
   */
  send?(input: SubmitInput): Promise<void>;
}

/**
 * Runs a course part by part: a progress bar over the parts, the part's title and its spoken
 * instruction, then the part itself. Answers are kept as local answer records (one per item) and
 * the history learning-{level} remembers where the child is; after the last part the answers are
 * converted by exam type (§5) and sent, and the server scores them.
 */
export function CoursePlayer({
  course,
  userId,
  startPart,
  startAnswers,
  startSeconds,
  startRun,
  ref_,
  onFinished,
  send: sendElsewhere,
}: CoursePlayerProps) {
  const { t } = useTranslation('studyPlan');
  const parts = course.content.parts;
  const [index, setIndex] = useState(startPart);
  const answers = useRef(new Map(startAnswers.map((a) => [String(a.id), a])));
  const started = useRef(performance.now() - startSeconds * 1000);
  const [submit, setSubmit] = useState<'idle' | 'pending' | 'error'>('idle');
  const part = parts[index];
  const indexNow = useRef(index);
  indexNow.current = index;
  const [run] = useState(() => startRun ?? uuidV4());
  const courseRun = useMemo<CourseRun>(
    () => ({ processId: course.process_id, run, userId }),
    [course.process_id, run, userId],
  );
  /** When each item got the answer it has (a queued answer never replaces a newer one). */
  const answeredAt = useRef(new Map<string, number>());

  const handleAnswer = useCallback(
    (record: LocalAnswerRecord) => {
      const id = String(record.id);
      answers.current.set(id, record);
      answeredAt.current.set(id, Date.now());
      // A recording judged at once replaces one of the item still queued from the device.
      if (record.audioUrl) {
        void recordingQueue()
          .dropCourseItem(course.process_id, run, record.id)
          .catch(() => undefined);
      }
    },
    [course.process_id, run],
  );

  /**
   * The speaking answers scored on the device that the server has judged since (issue 37): they
   * become the items' answers (the server's recording and score). Answers how many of this run
   * still wait for the server.
   */
  const takeQueued = useCallback(async (): Promise<number> => {
    const taken = await recordingQueue().takeCourseAnswers(course.process_id, run);
    for (const { item, judged, at } of taken.answers) {
      const id = String(item.id);
      if (!judged.audio_url || (answeredAt.current.get(id) ?? 0) > at) continue;
      answers.current.set(id, { ...item, ...judgedRecord(judged) });
      answeredAt.current.set(id, at);
    }
    // Out of the queue, into the learning history at once (a tab closed now keeps them).
    if (taken.answers.length > 0 && !sendElsewhere && indexNow.current > 0) {
      saveLearningHistory(userId, course.level, {
        processId: course.process_id,
        run,
        part: indexNow.current,
        answers: [...answers.current.values()],
        seconds: secondsSince(started.current),
      });
    }
    return taken.waiting;
  }, [course.process_id, course.level, run, sendElsewhere, userId]);

  useEffect(() => {
    void takeQueued().catch(() => 0);
    return recordingQueue().subscribe((event) => {
      if (event.kind === 'judged' && event.processId === course.process_id && event.run === run) {
        void takeQueued().catch(() => 0);
      }
    });
  }, [takeQueued, course.process_id, run]);

  const send = useCallback(async () => {
    setSubmit('pending');
    // The device's answers are handed in as the server judged them: judged now if they wait.
    await recordingQueue()
      .flush()
      .catch(() => 0);
    if ((await takeQueued().catch(() => 1)) > 0) {
      setSubmit('error');
      return;
    }
    const input: SubmitInput = {
      uuid: course.uuid,
      processId: course.process_id,
      studyTime: secondsSince(started.current),
      answers: toAnswerPayloads([...answers.current.values()]),
      ref: ref_,
    };
    try {
      if (sendElsewhere) {
        await sendElsewhere(input);
        return;
      }
      const result = await submitCourse(input);
      clearLearningHistory(userId, course.level);
      onFinished(result);
    } catch {
      setSubmit('error');
    }
  }, [course, ref_, userId, onFinished, sendElsewhere, takeQueued]);

  const handleDone = useCallback(() => {
    const next = index + 1;
    if (next < parts.length) {
      if (sendElsewhere) {
        setIndex(next);
        return;
      }
      saveLearningHistory(userId, course.level, {
        processId: course.process_id,
        run,
        part: next,
        answers: [...answers.current.values()],
        seconds: secondsSince(started.current),
      });
      setIndex(next);
      return;
    }
    void send();
  }, [index, parts.length, userId, course, send, sendElsewhere, run]);

  // Leaving in the middle keeps the place (continue or restart next time).
  useEffect(() => {
    if (index === 0 || sendElsewhere) return;
    saveLearningHistory(userId, course.level, {
      processId: course.process_id,
      run,
      part: index,
      answers: [...answers.current.values()],
      seconds: secondsSince(started.current),
    });
  }, [index, userId, course, sendElsewhere, run]);

  if (!part || submit !== 'idle') {
    return (
      <div className={styles.submitting} data-testid="course-submit" data-state={submit}>
        <p>{submit === 'error' ? t('player.submitFailed') : t('player.submitting')}</p>
        {submit === 'error' && (
          <Button size="large" onClick={() => void send()}>
            {t('player.resubmit')}
          </Button>
        )}
      </div>
    );
  }
  const Part = PART_COMPONENTS[part.type] as ComponentType<PartProps>;
  return (
    <div
      className={styles.player}
      data-testid="course-player"
      data-part={part.type}
      data-index={index}
    >
      <CourseRunContext.Provider value={courseRun}>
        <GuidedPart
          key={`${course.process_id}-${index}`}
          part={part}
          userId={userId}
          Part={Part}
          onAnswer={handleAnswer}
          onDone={handleDone}
          header={(guide) => (
            <header className={styles.header}>
              <span className={styles.partTag}>{part.title_cn}</span>
              {guide}
              <div
                className={styles.bar}
                role="progressbar"
                aria-valuemin={0}
                aria-valuemax={parts.length}
                aria-valuenow={index}
              >
                {parts.map((p, i) => (
                  <span
                    key={p.part}
                    className={`${styles.step} ${i < index ? styles.stepDone : ''} ${i === index ? styles.stepNow : ''}`}
                  />
                ))}
              </div>
              <span className={styles.count}>
                {t('player.partOf', { n: index + 1, total: parts.length })}
              </span>
            </header>
          )}
        />
      </CourseRunContext.Provider>
    </div>
  );
}

/** The server's judgement of a recording as the course's answer record holds it. */
function judgedRecord(judged: {
  audio_url: string;
  score: number;
  duration: number;
}): Pick<LocalAnswerRecord, 'audioUrl' | 'score' | 'duration'> {
  return { audioUrl: judged.audio_url, score: judged.score, duration: judged.duration };
}
