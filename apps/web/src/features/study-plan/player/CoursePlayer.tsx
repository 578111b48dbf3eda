import type { TCourse, TCoursePart, TCourseResult } from '@picbook/contracts';
import { type LocalAnswerRecord, toAnswerPayloads } from '@picbook/domain';
import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button';
import { clearLearningHistory, saveLearningHistory } from '../learning-history';
import { type SubmitInput, submitCourse } from '../study-plan-queries';
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

  const handleAnswer = useCallback((record: LocalAnswerRecord) => {
    answers.current.set(String(record.id), record);
  }, []);

  const send = useCallback(async () => {
    setSubmit('pending');
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
  }, [course, ref_, userId, onFinished, sendElsewhere]);

  const handleDone = useCallback(() => {
    const next = index + 1;
    if (next < parts.length) {
      if (sendElsewhere) {
        setIndex(next);
        return;
      }
      saveLearningHistory(userId, course.level, {
        processId: course.process_id,
        part: next,
        answers: [...answers.current.values()],
        seconds: secondsSince(started.current),
      });
      setIndex(next);
      return;
    }
    void send();
  }, [index, parts.length, userId, course, send, sendElsewhere]);

  // Leaving in the middle keeps the place (continue or restart next time).
  useEffect(() => {
    if (index === 0 || sendElsewhere) return;
    saveLearningHistory(userId, course.level, {
      processId: course.process_id,
      part: index,
      answers: [...answers.current.values()],
      seconds: secondsSince(started.current),
    });
  }, [index, userId, course, sendElsewhere]);

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
    </div>
  );
}
