import type { TCourse, TCoursePart, TRedoResult } from '@picbook/contracts';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { useAppNavigate } from '../../../shared/navigation/app-navigate';
import { api } from '../../../shared/request/api';
import { queryClient } from '../../../shared/request/query-client';
import { useStartup } from '../../../shared/startup/startup-store';
import { Button } from '../../../shared/ui/Button';
import mascot from '../../../shared/ui/illustrations/mascot-welcome.svg';
import { StateScreen } from '../../../shared/ui/StateScreen';
import {
  type CoursePlayerProps,
  refreshProgress,
  type SubmitInput,
  useCourse,
} from '../../study-plan';
import { itemName } from '../part-names';
import { reportKeys, useCourseReport } from '../report-queries';
import styles from './Evaluating.module.css';

type Mode = 'course' | 'words' | 'pronounce' | 'preview' | 'lookOver';
type PartsCourse = TCourse & { content: { kind: 'parts'; parts: TCoursePart[] } };

function modeOf(pathname: string): Mode {
  if (pathname.startsWith('/learning/redoPreview/')) return 'preview';
  if (pathname.startsWith('/learning/lookOver/')) return 'lookOver';
  if (pathname.includes('/words/')) return 'words';
  if (pathname.includes('/pronounce/')) return 'pronounce';
  return 'course';
}

/** The parts of a course that hold one of `ids` (item ids are `${part}.${n}`). */
function partsWith(course: PartsCourse, ids: readonly string[]): PartsCourse {
  const parts = new Set(ids.map((id) => Number(id.split('.')[0])));
  return {
    ...course,
    content: { kind: 'parts', parts: course.content.parts.filter((p) => parts.has(p.part)) },
  };
}

/**
 * The redo flows of a course report: /learning/redo/report/{id}/course/{courseId} plays again
 * the parts with items below three stars, …/words/{typeId} the word parts, …/pronounce/{type} the
 * recorded parts (sent as new recordings); /learning/redoPreview/… lists what will be redone and
 * /learning/lookOver/… shows the report's items. The server keeps an item's better score only,
 * and the course reward is paid once.
 */
export interface RedoPageProps {
  /**
   * The study plan's course player, passed in by the route (app/redo-route.tsx) so the study
   * plan's public entry does not carry the player into every screen that uses the plan.
   */
  Player: ComponentType<CoursePlayerProps>;
}

export function RedoPage({ Player }: RedoPageProps) {
  const { t } = useTranslation('reports');
  const { reportId = '0', courseId } = useParams();
  const mode = modeOf(useLocation().pathname);
  const id = Number(reportId);
  const report = useCourseReport(id);
  const processId = Number(courseId ?? report.data?.course.process_id ?? 0);
  const course = useCourse(processId);
  const userId = useStartup((s) => s.user?.id);
  const { go } = useAppNavigate();
  const [begun, setBegun] = useState(false);
  const [result, setResult] = useState<TRedoResult | null>(null);

  const r = report.data;
  const c = course.data;
  if (report.isError) return <StateScreen art={mascot} title={t('unit.notFound')} />;
  if (!r || !c || c.content.kind !== 'parts') {
    return <main className={styles.screen} data-testid="redo-loading" />;
  }
  const weak = r.items.filter((i) => i.score < 90);
  const chosen = weak.filter((i) =>
    mode === 'pronounce'
      ? i.kind === 'speak'
      : mode === 'words'
        ? i.part_type.startsWith('word_')
        : true,
  );
  const toReport = () => void go(`/parents/unitReport/${r.report_id}`);

  if (result) {
    return (
      <main className={styles.screen} data-testid="redo-result" data-score={result.score}>
        <img src={mascot} alt="" style={{ height: '6rem' }} />
        <h1 className={styles.heading}>{t('redo.result', { score: result.score })}</h1>
        <p className={styles.hint}>
          {result.improved.length > 0
            ? t('redo.improved', { n: result.improved.length })
            : t('redo.same')}
        </p>
        {(result.reward.coins > 0 || result.reward.diamonds > 0) && (
          <p className={styles.hint}>{t('redo.reward', result.reward)}</p>
        )}
        <Button size="large" onClick={toReport}>
          {t('redo.toReport')}
        </Button>
      </main>
    );
  }

  if (mode === 'lookOver' || mode === 'preview' || !begun || chosen.length === 0) {
    const list = mode === 'lookOver' ? r.items : chosen;
    return (
      <main className={styles.screen} data-testid="redo-preview" data-mode={mode}>
        <h1 className={styles.heading}>{t('redo.title')}</h1>
        <p className={styles.hint}>
          {r.course.title_cn} · {t('list.score', { n: r.score })}
        </p>
        {chosen.length === 0 && mode !== 'lookOver' && (
          <p className={styles.hint}>{t('redo.none')}</p>
        )}
        <div className={styles.words}>
          {list.map((i) => (
            <div key={i.id} className={styles.word} data-testid="redo-item">
              <span>{i.text ?? itemName(i.part_type, i.id)}</span>
              <span>{i.score}</span>
            </div>
          ))}
        </div>
        {mode !== 'lookOver' && chosen.length > 0 && (
          <Button
            size="large"
            data-testid="redo-start"
            onClick={() =>
              mode === 'preview'
                ? void go(`/learning/redo/report/${r.report_id}/course/${r.course.process_id}`)
                : setBegun(true)
            }
          >
            {t('redo.start')}
          </Button>
        )}
      </main>
    );
  }

  const send = async (input: SubmitInput) => {
    const answers = input.answers.map((a) => ({
      exam_type: a.exam_type,
      score_type: a.score_type,
      exam_detail: { ...a.exam_detail, id: String(a.exam_detail.id) } as {
        id: string;
        audio_url?: unknown;
      },
    }));
    const done =
      mode === 'pronounce'
        ? await api('submitRedoPronounce', {
            body: {
              report_id: r.report_id,
              type: 1,
              answers: answers
                .filter((a) => typeof a.exam_detail.audio_url === 'string')
                .map((a) => ({ id: a.exam_detail.id, audio_url: String(a.exam_detail.audio_url) })),
            },
          })
        : await api('submitReportRedo', {
            body: {
              uuid: input.uuid,
              report_id: r.report_id,
              process_id: input.processId,
              study_time: Math.round(input.studyTime),
              answers: answers as Parameters<typeof api<'submitReportRedo'>>[1]['body']['answers'],
              ref: 'redo',
            },
          });
    await Promise.all([
      refreshProgress(),
      queryClient.invalidateQueries({ queryKey: reportKeys.all }),
    ]);
    setResult(done);
  };

  return (
    <Player
      course={partsWith(
        c as PartsCourse,
        chosen.map((i) => i.id),
      )}
      userId={userId}
      startPart={0}
      startAnswers={[]}
      startSeconds={0}
      ref_="redo"
      onFinished={() => undefined}
      send={send}
    />
  );
}
