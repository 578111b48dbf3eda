import type { TAudioAnswer, TBook, TSpeechResult } from '@picbook/contracts';
import {
  activeWordAt,
  isScoredAttempt,
  sentencePieces,
  WORK_KIND,
  WORK_TYPE,
  type WorkType,
} from '@picbook/domain';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTrack } from '../../shared/audio';
import { useJump } from '../../shared/navigation/jump';
import { isDeviceAnswer, useRecorder } from '../../shared/recorder';
import { useRecordingDeviceOnly } from '../../shared/settings/recording-device-only';
import { useSettings } from '../../shared/settings/user-settings';
import { Button } from '../../shared/ui/Button';
import speakerIcon from '../../shared/ui/icons/speaker.svg';
import { MicButton, queueDeviceRecording, recordingQueue, ScoreView } from '../speech';
import styles from './Practice.module.css';
import { fileRecording } from './practice-api';
import { clearHistory, saveHistory } from './practice-history';
import { bookPageLines, type PracticeItem } from './practice-items';

export interface PracticeRunProps {
  book: TBook;
  items: readonly PracticeItem[];
  type: WorkType;
  userId: number | undefined;
  uuid: string;
  startIndex: number;
}

/** Seconds a child may take: a sentence, or a whole page in speak mode. */
const MAX_SECONDS = { [WORK_TYPE.repeat]: 12, [WORK_TYPE.speak]: 40 } as const;
/** Pause between the whole page's narration and its first sentence (library_repeat_type 1). */
const PAGE_FIRST_GAP_MS = 800;

/**
 * One run through a book: for each item the narrator reads (words light up), the child records,
 * the score view shows each word, a scored recording is filed as the child's work (the server
 * keeps the best per item; 最好成绩 is the child's best of the item over every run), and the
 * child retries or goes on. library_repeat_type (parents' center
 * 跟读方式): 0 "听一句读一句" — each sentence is read, then repeated; 1 "先听整页再跟读" — on a
 * new page the whole page is read first, then sentence by sentence (decision 022).
 */
export function PracticeRun({ book, items, type, userId, uuid, startIndex }: PracticeRunProps) {
  const { t } = useTranslation('practice');
  const jump = useJump();
  const bookId = book.book_info.id;
  const kind = WORK_KIND[type];
  const wholePageFirst = useSettings((s) => s.values.library_repeat_type) === 1;
  const [index, setIndex] = useState(startIndex);
  const [best, setBest] = useState<Record<string, number>>({});
  /** Filings in flight (a retry can start a second one before the first answers). */
  const [saving, setSaving] = useState(0);
  /** The server's judgements of recordings scored on the device, filed since (by session id). */
  const [judged, setJudged] = useState<Record<string, TAudioAnswer>>({});
  const deviceOnly = useRecordingDeviceOnly();
  const item = items[index] as PracticeItem;
  const isLast = index === items.length - 1;

  const recorder = useRecorder({ maxSeconds: MAX_SECONDS[type] });
  const pageFirst = wholePageFirst && type === WORK_TYPE.repeat && item.firstOnPage;
  const narration = useTrack({
    url: pageFirst ? [item.pageAudio, item.model.url] : item.model.url,
    interval: PAGE_FIRST_GAP_MS,
    needProgress: true,
  });
  // Words light up while the item's own narration plays (not the whole page before it).
  const isNarrating = narration.state.state === 'playing' && narration.state.url === item.model.url;
  const lit = isNarrating ? activeWordAt(item.words, narration.state.currentTime) : -1;
  const pieces = useMemo(() => sentencePieces(item.text, item.words), [item]);
  // The book's lines: scored on the device, a reading of another line is told as the server
  // tells it (decision 113).
  const pages = useMemo(() => bookPageLines(book), [book]);

  // Each item starts with the narrator; the history remembers where the child is. A layout
  // effect: the previous item's score is gone before the new item paints, and a tap on the
  // microphone can never come before this reset (which would drop its recording) — Preact runs
  // plain effects only after the next frame (decision 080).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per item, on purpose
  useLayoutEffect(() => {
    saveHistory(userId, bookId, type, { uuid, index });
    recorder.reset();
    narration.track.play();
  }, [index]);

  // File each scored recording once as the child's work. Silence, noise, too short or another
  // sentence is no score: not filed, no 最好成绩 (decision 098).
  const answer = recorder.answer;
  const filed = useRef<string | null>(null);
  /** Which item each recording scored on the device was (session id → content id). */
  const deviceItems = useRef(new Map<string, string>());
  // A recording scored on the device, once the queue has filed it: the server's judgement
  // replaces the device's on screen (quietly), and its best is the best shown (issue 37).
  useEffect(
    () =>
      recordingQueue().subscribe((event) => {
        if (event.kind !== 'filed') return;
        const { clientId, answer: filedAnswer } = event;
        setJudged((j) => ({ ...j, [clientId]: filedAnswer }));
        const contentId = deviceItems.current.get(clientId);
        if (contentId && filedAnswer.best_score !== null) {
          setBest((b) => ({ ...b, [contentId]: filedAnswer.best_score ?? 0 }));
        }
      }),
    [],
  );
  const wav = recorder.wav;
  useEffect(() => {
    const result = answer?.result;
    if (!answer?.audio_url || !result || filed.current === answer.session_id) return;
    filed.current = answer.session_id;
    if (!isScoredAttempt(result)) return;
    if (isDeviceAnswer(answer)) {
      // Shown at once; with 录音只保存在本机 it stays on the device, else it is queued and filed
      // (as the server judges it) when the network is there.
      setBest((b) => ({ ...b, [item.contentId]: Math.max(b[item.contentId] ?? 0, result.score) }));
      if (deviceOnly || !wav || userId === undefined) return;
      deviceItems.current.set(answer.session_id, item.contentId);
      void queueDeviceRecording({
        answer: { ...answer, result },
        wav,
        userId,
        refText: item.text,
        filing: {
          uuid,
          book_id: bookId,
          secondary_id: item.page,
          content_id: item.contentId,
          type,
        },
      }).catch(() => undefined);
      return;
    }
    setSaving((n) => n + 1);
    fileRecording({
      uuid,
      bookId,
      page: item.page,
      contentId: item.contentId,
      type,
      audioUrl: answer.audio_url,
      duration: answer.duration,
    })
      .then((filedAnswer) =>
        // The server's best over all the child's runs of the book (after 重新开始 too); an older
        // answer arriving late never lowers what is shown.
        setBest((b) => ({
          ...b,
          [item.contentId]: Math.max(
            b[item.contentId] ?? 0,
            filedAnswer.best_score ?? result.score,
          ),
        })),
      )
      .catch(() => undefined) // the request layer showed the toast; the score stays on screen
      .finally(() => setSaving((n) => n - 1));
  }, [answer, uuid, bookId, item, type, wav, deviceOnly, userId]);

  const serverJudged = answer ? judged[answer.session_id] : undefined;
  const result =
    recorder.result && serverJudged ? asJudged(recorder.result, serverJudged) : recorder.result;
  // A recording the child made is always scored and filed, whatever the child taps next: "next"
  // while the score is on its way waits for it (and its filing), then goes on by itself.
  const isScoring = recorder.state === 'stopping' || recorder.state === 'recorded';
  const isFiling =
    answer?.result != null &&
    !isDeviceAnswer(answer) &&
    isScoredAttempt(answer.result) &&
    answer.audio_url != null &&
    filed.current !== answer.session_id;
  const [nextWhenScored, setNextWhenScored] = useState(false);
  const advance = () => {
    narration.track.stop();
    if (!isLast) {
      setIndex((i) => i + 1);
      return;
    }
    clearHistory(userId, bookId, type);
    void jump(
      'libraryFinished',
      { type: kind, bookId, uuid },
      { replace: true, needBackPath: false },
    );
  };
  const goNext = () => {
    if (isScoring || isFiling || saving > 0) {
      narration.track.stop();
      setNextWhenScored(true);
      return;
    }
    advance();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: advance reads the current render
  useEffect(() => {
    if (!nextWhenScored || isScoring || isFiling || saving > 0) return;
    setNextWhenScored(false);
    advance();
  }, [nextWhenScored, isScoring, isFiling, saving]);

  const handleStart = () => {
    narration.track.stop();
    void recorder.start(item.text, { pages });
  };
  const handleRetry = () => {
    recorder.reset();
    narration.track.play(narration.track.urls.length - 1);
  };
  const itemBest = best[item.contentId];

  return (
    <div
      className={styles.run}
      data-testid="practice"
      data-mode={kind}
      data-index={index}
      data-state={recorder.state}
    >
      <header className={styles.header}>
        <span className={styles.modeTag}>{t(`title.${kind}`)}</span>
        <span className={styles.progress} data-testid="practice-progress">
          {t(`progress.${kind}`, { n: index + 1, total: items.length })}
        </span>
        <ol className={styles.dots} aria-hidden="true">
          {items.map((it, i) => (
            <li
              key={it.contentId}
              className={`${styles.dot} ${i === index ? styles.dotNow : ''} ${
                best[it.contentId] !== undefined ? styles.dotDone : ''
              }`}
              data-done={best[it.contentId] !== undefined || undefined}
            />
          ))}
        </ol>
      </header>

      <div className={`${styles.stage} ${result ? styles.scored : ''}`} key={item.contentId}>
        <figure className={styles.picture} style={{ backgroundImage: `url(${item.placeholder})` }}>
          <img src={item.image} alt="" />
        </figure>

        <section className={styles.card}>
          {!result && (
            <>
              <div className={styles.textRow}>
                <button
                  type="button"
                  className={styles.listen}
                  aria-label={t('listen')}
                  onClick={() => narration.track.play(narration.track.urls.length - 1)}
                >
                  <img src={speakerIcon} alt="" />
                </button>
                <p
                  className={`${styles.text} ${type === WORK_TYPE.speak ? styles.pageText : ''}`}
                  lang="en"
                  data-testid="practice-text"
                >
                  {pieces.map((piece) => (
                    <span
                      key={piece.at}
                      className={piece.word !== null && piece.word === lit ? styles.lit : undefined}
                      data-lit={piece.word !== null && piece.word === lit ? '' : undefined}
                    >
                      {piece.text}
                    </span>
                  ))}
                </p>
              </div>
              <p className={styles.zh}>{item.zh}</p>
              <MicButton
                state={recorder.state}
                level={recorder.level}
                seconds={recorder.seconds}
                maxSeconds={recorder.maxSeconds}
                onStart={handleStart}
                onStop={recorder.stop}
              />
            </>
          )}
          {result && (
            <ScoreView
              result={result}
              recordingUrl={answer?.audio_url ?? null}
              modelAudio={item.model}
              onRetry={handleRetry}
            />
          )}
        </section>
      </div>

      <footer className={styles.footer}>
        {deviceOnly && (
          <span className={styles.deviceOnly} data-testid="practice-device-only">
            {t('deviceOnly')}
          </span>
        )}
        <span className={styles.best} data-testid="practice-best" aria-live="polite">
          {saving > 0 || nextWhenScored
            ? t('saving')
            : itemBest !== undefined
              ? t('best', { score: itemBest })
              : ''}
        </span>
        <Button
          size="large"
          variant={result ? 'grass' : 'secondary'}
          onClick={goNext}
          disabled={nextWhenScored || recorder.state === 'recording'}
          data-testid="practice-next"
        >
          {isLast ? t('finish') : t(`next.${kind}`)}
        </Button>
      </footer>
    </div>
  );
}

/**
 * The device's result as the server judged the filed recording: the server's score, words and
 * verdict (its number is the one that counts); no score when the server found none.
 */
function asJudged(device: TSpeechResult, server: TAudioAnswer): TSpeechResult {
  if (server.score === null) {
    return { ...device, verdict: server.verdict ?? device.verdict, channels: [] };
  }
  return {
    ...device,
    score: server.score,
    words: server.words.length > 0 ? server.words : device.words,
    verdict: server.verdict ?? device.verdict,
    channels: [{ name: 'judge', score: server.score }],
  };
}
