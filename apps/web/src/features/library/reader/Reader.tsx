import type { TBook, THotspot, TReadMode, TVocabWord } from '@picbook/contracts';
import { type PageWord, pageProcess, parsePageTimelines } from '@picbook/domain';
import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAudioEngine, isAudioUnlocked, playClick } from '../../../shared/audio';
import { afterNextPaint } from '../../../shared/platform/after-paint';
import { isNetworkFailure } from '../../../shared/request/request-error';
import { toast } from '../../../shared/toast/toast-store';
import { IconButton } from '../../../shared/ui/IconButton';
import nextIcon from '../../../shared/ui/icons/page-next.svg';
import prevIcon from '../../../shared/ui/icons/page-prev.svg';
import pauseIcon from '../../../shared/ui/icons/pause.svg';
import playIcon from '../../../shared/ui/icons/play.svg';
import speakerIcon from '../../../shared/ui/icons/speaker.svg';
import { useWindowKeydown } from '../../../shared/ui/use-window-keydown';
import { saveReadingProgress } from '../library-queries';
import { useProgressOutbox } from '../progress-outbox';
import { EndOfBook } from './EndOfBook';
import { useNoteVoice } from './note-voice';
import { PagePicture } from './PagePicture';
import { preloadPage } from './preload';
import styles from './Reader.module.css';
import { readerMarks } from './reader-marks';
import { SentenceLine } from './SentenceLine';
import { useNarration } from './use-narration';
import { usePictureReady } from './use-picture-ready';
import { useDocumentVisible, useIdleFade, useSwipe } from './use-reader-input';
import { WordCard } from './WordCard';

/** Pause after a page's narration before an automatic page turn. */
export const AUTO_TURN_DELAY_MS = 1500;
type FinishSave = 'saving' | 'saved' | 'waiting' | 'failed';

/** A page with more English than this gets the smaller type of the text band (L5/L6 pages). */
const DENSE_TEXT_CHARS = 110;
/** The reader's fixed words (its namespace's keys). */
const READER_LABELS = [
  'replay',
  'explainTitle',
  'explainStop',
  'explainListen',
  'showText',
  'hideText',
  'showChinese',
  'hideChinese',
  'pause',
  'play',
  'previous',
  'next',
  'tapToListen',
] as const;
type ReaderLabel = (typeof READER_LABELS)[number];

/** A sentence without timed words (one array, so its memoised line is not re-rendered). */
const NO_WORDS: Array<{ word: PageWord; at: number }> = [];

/** Controls fade while narration plays and the child has not touched the screen for this long. */
const CONTROLS_IDLE_MS = 2500;

export interface ReaderProps {
  book: TBook;
  mode: TReadMode;
  /** 1-based page to open at. */
  startPage: number;
  /** library_page_type: 1 turns pages by itself after the narration, 0 waits for the child. */
  autoTurn: boolean;
  /** cn_read: whether the Chinese lines show (picbook_language). */
  showChinese: boolean;
  onToggleChinese(): void;
  onBack(): void;
  onRepeat(): void;
  /** The page now shown (1-based), e.g. to keep the address in step so a reload resumes there. */
  onPage?(page: number): void;
}

/**
 * The picture-book reader: one page at a time, full screen, narrated, with the sentence and word
 * being read lit up. Modes: read (English), cn_read (with each sentence's Chinese), explain (the
 * teacher's Chinese notes beside the English narration).
 */
export function Reader({
  book,
  mode,
  startPage,
  autoTurn,
  showChinese,
  onToggleChinese,
  onBack,
  onRepeat,
  onPage,
}: ReaderProps) {
  const { t } = useTranslation('reader');
  // The reader renders on every narration tick: its words are looked up once, not per render.
  const label = useMemo(
    () =>
      Object.fromEntries(READER_LABELS.map((key) => [key, t(key)])) as Record<ReaderLabel, string>,
    [t],
  );
  const pageCount = book.pages.length;
  const bookId = book.book_info.id;
  const [index, setIndex] = useState(() => Math.min(Math.max(1, startPage), pageCount) - 1);
  const [direction, setDirection] = useState<'next' | 'prev' | 'none'>('none');
  const [isEnded, setEnded] = useState(false);
  const visible = useDocumentVisible();

  const raw = book.pages[index];
  const page = useMemo(() => (raw ? { ...raw, timelines: parsePageTimelines(raw) } : null), [raw]);
  // The voice begins once the page's picture is on screen (decision 084).
  const picture = usePictureReady(isEnded ? null : (page?.image ?? null));
  // Once the page's picture is on screen, its narration is decoded (sentence replays start at
  // once; declared before the narration, whose track then waits for this decode instead of
  // streaming the file a second time); the next page's picture and narration are fetched and
  // decoded while this one is read.
  useEffect(() => {
    if (!picture.ready) return;
    const current = preloadPage(book.pages[index]);
    return afterNextPaint(() => void current.then(() => preloadPage(book.pages[index + 1])));
  }, [book.pages, index, picture.ready]);
  const narration = useNarration(isEnded ? null : page, picture.ready);
  const vocabulary = useMemo(
    () => new Map(book.vocabulary.map((v) => [v.word.toLowerCase(), v])),
    [book.vocabulary],
  );
  const hasChineseToRead =
    (mode === 'explain' && Boolean(page?.note_cn)) || (mode === 'cn_read' && showChinese);
  // 精讲 (and 中文辅助读 with the Chinese shown): the teacher's note is said aloud in Mandarin after
  // the page's narration (the child may not read Chinese yet) — its built MP3, or the operator's
  // recording (decision 099) — and can be heard again with its button.
  const chinese = useNoteVoice(isEnded ? null : page, mode, showChinese);
  /** Long pages get smaller type; the band can be put away to see the whole picture. */
  const isDense = (page?.sentences ?? []).reduce((n, s) => n + s.en.length, 0) > DENSE_TEXT_CHARS;
  const [isTextHidden, setTextHidden] = useState(false);
  /**
   * The vocabulary word the child tapped: its card shows and the highlight sits on it. A page turn
   * puts it away where it happens, not in an effect on the page index: an effect runs a frame late
   * under Preact, and a tap in that frame (the first, on a page just opened) lost its card.
   */
  const [tapped, setTapped] = useState<{ word: TVocabWord; at: number } | null>(null);
  const vocabularyWords = useMemo(() => new Set(vocabulary.keys()), [vocabulary]);
  /**
   * The page whose text band is built. A turned page's band follows once its picture is painted:
   * the turn's first frame then builds, styles and lays out the picture alone (the band's lines
   * are most of a page's elements), and the words come a frame later, while the page slides in.
   * The page a book opens at has its band at once.
   */
  const [bandIndex, setBandIndex] = useState(index);
  useLayoutEffect(() => {
    if (bandIndex !== index) return afterNextPaint(() => setBandIndex(index));
  }, [bandIndex, index]);

  const turn = useCallback(
    (step: 1 | -1) => {
      if (step === 1 && index >= pageCount - 1) {
        setEnded(true);
        return;
      }
      const next = index + step;
      if (next < 0 || next >= pageCount) return;
      readerMarks.turnRequested();
      setDirection(step === 1 ? 'next' : 'prev');
      setTapped(null);
      setIndex(next);
    },
    [index, pageCount],
  );

  const { speak: speakNote, stop: stopNote, available: hasNoteVoice } = chinese;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page silences the last note
  useEffect(() => stopNote, [index, stopNote]);
  useEffect(() => {
    if (hasNoteVoice && narration.pageEnded && !isEnded && visible) speakNote();
  }, [hasNoteVoice, narration.pageEnded, isEnded, visible, speakNote]);

  const playing = narration.state === 'playing';
  // Controls fade while the story plays; any touch brings them back.
  const { faded: controlsFaded, touch } = useIdleFade(playing, CONTROLS_IDLE_MS);
  const tapTurn = (step: 1 | -1) => {
    playClick();
    touch();
    turn(step);
  };

  // Progress: every page reached is saved (the server keeps the furthest); the end marks it read.
  // The request and the address wait until the turned page is painted; a page left sooner is
  // still saved.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page, not per new callback
  useEffect(() => {
    let isSaved = false;
    const save = () => {
      if (isSaved) return;
      isSaved = true;
      void saveReadingProgress(bookId, pageProcess(index + 1), mode).catch(() => undefined);
    };
    const cancel = afterNextPaint(() => {
      save();
      onPage?.(index + 1);
    });
    return () => {
      cancel();
      save();
    };
  }, [bookId, index, mode]);
  // The end screen never claims a finish the server has not recorded: it says when the finish
  // waits for the network (and is sent by itself when it returns) or could not be saved.
  const [finishSave, setFinishSave] = useState<FinishSave>('saving');
  useEffect(() => {
    if (!isEnded) return;
    setFinishSave('saving');
    saveReadingProgress(bookId, pageProcess(pageCount), mode, true).then(
      () => setFinishSave('saved'),
      (error) => setFinishSave(isNetworkFailure(error) ? 'waiting' : 'failed'),
    );
  }, [isEnded, bookId, pageCount, mode]);
  const pendingSteps = useProgressOutbox((s) => s.pending);
  const shownFinishSave = finishSave === 'waiting' && pendingSteps === 0 ? 'saved' : finishSave;

  // Going offline while reading says so (pictures and narration not yet loaded cannot come).
  useEffect(() => {
    const onOffline = () => toast.warning(t('offline'));
    window.addEventListener('offline', onOffline);
    return () => window.removeEventListener('offline', onOffline);
  }, [t]);

  // Auto-advance after the narration, unless the app is hidden (it waits until it is back).
  useEffect(() => {
    // A word card open keeps the page (the child is looking at it), and so does a page with
    // Chinese to take in (the teacher's notes in 精讲, the Chinese lines in 中文辅助读): a child
    // who cannot read it yet needs a grown-up's time, so the child turns those pages.
    if (!autoTurn || !narration.pageEnded || isEnded || !visible || tapped || hasChineseToRead) {
      return;
    }
    const timer = setTimeout(() => turn(1), AUTO_TURN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [autoTurn, narration.pageEnded, isEnded, visible, turn, tapped, hasChineseToRead]);

  // Keyboard: arrows turn pages, space pauses and resumes.
  useWindowKeydown((e) => {
    if (isEnded || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'ArrowRight' || e.key === 'PageDown') turn(1);
    else if (e.key === 'ArrowLeft' || e.key === 'PageUp') turn(-1);
    else if (e.key === ' ') {
      if ((e.target as HTMLElement | null)?.tagName === 'BUTTON') return;
      e.preventDefault();
      if (narration.state === 'playing') narration.pause();
      else narration.resume();
    } else return;
    touch();
  });

  const swipe = useSwipe((step) => {
    touch();
    turn(step);
  });

  const { pause, playSentence } = narration;
  const sayWord = useCallback(
    (audio: string | undefined) => {
      if (!audio) return;
      pause();
      getAudioEngine().createTrack({ url: audio, channel: 'effect' }).play();
    },
    [pause],
  );
  const onHotspot = useCallback(
    (spot: THotspot) => {
      touch();
      sayWord(spot.audio);
    },
    [touch, sayWord],
  );
  const onReplay = useCallback(
    (k: number) => {
      touch();
      playSentence(k);
    },
    [touch, playSentence],
  );
  const onWord = useCallback(
    (w: string, at: number) => {
      const entry = vocabulary.get(w);
      if (!entry) return;
      touch();
      sayWord(entry.audio);
      setTapped({ word: entry, at });
    },
    [sayWord, vocabulary, touch],
  );
  // The story playing again puts the card away (a page turn does too: see `turn`). A layout
  // effect: it must run before the next tap is handled, or a card tapped right after the story
  // started would be cleared by this render's late effect (Preact runs effects a frame later).
  useLayoutEffect(() => {
    if (narration.state === 'playing') setTapped(null);
  }, [narration.state]);
  const hotspotLabel = useCallback((word: string) => word, []);

  const pageWordsBySentence = useMemo(() => {
    const map = new Map<number, Array<{ word: (typeof words)[number]; at: number }>>();
    const words = page?.timelines.page_words ?? [];
    words.forEach((word, at) => {
      const list = map.get(word.s) ?? [];
      list.push({ word, at });
      map.set(word.s, list);
    });
    return map;
  }, [page]);

  if (!page) return null;
  const showZh = mode === 'cn_read' && showChinese;
  const waitingForTap = narration.state === 'pending' && !isAudioUnlocked();

  return (
    <div
      className={styles.reader}
      data-testid="reader"
      data-mode={mode}
      data-page={index + 1}
      onPointerDown={(e) => {
        touch();
        swipe.onPointerDown(e);
      }}
      onPointerUp={swipe.onPointerUp}
      onPointerCancel={swipe.onPointerCancel}
    >
      <div
        key={index}
        className={`${styles.page} ${direction === 'next' ? styles.fromRight : direction === 'prev' ? styles.fromLeft : ''}`}
      >
        <PagePicture
          image={page.image}
          placeholder={page.placeholder}
          alt={t('page', { page: index + 1, total: pageCount })}
          hotspots={page.hotspots}
          hintHotspots={narration.pageEnded}
          onShown={picture.onShown}
          onHotspot={onHotspot}
          hotspotLabel={hotspotLabel}
        />
        {bandIndex === index && (
          <div
            className={[
              styles.band,
              mode === 'explain' ? styles.bandExplain : '',
              isDense ? styles.bandDense : '',
              isTextHidden ? styles.bandHidden : '',
            ].join(' ')}
            data-testid="reader-band"
          >
            <div className={styles.sentences}>
              {page.sentences.map((s, i) => (
                <SentenceLine
                  key={s.audio}
                  index={i}
                  en={s.en}
                  zh={showZh ? s.zh : null}
                  words={pageWordsBySentence.get(i) ?? NO_WORDS}
                  isActive={tapped ? false : narration.sentence === i}
                  activeWord={
                    tapped
                      ? page.timelines.page_words[tapped.at]?.s === i
                        ? tapped.at
                        : -1
                      : narration.sentence === i
                        ? narration.word
                        : -1
                  }
                  vocabulary={vocabularyWords}
                  onReplay={onReplay}
                  onWord={onWord}
                  replayLabel={label.replay}
                />
              ))}
            </div>
            {mode === 'explain' && page.note_cn && (
              <aside className={styles.note} data-testid="reader-note">
                <h3>
                  {label.explainTitle}
                  {chinese.available && (
                    <button
                      type="button"
                      className={styles.noteListen}
                      data-testid="reader-note-listen"
                      data-speaking={chinese.speaking || undefined}
                      onClick={() => {
                        narration.pause();
                        if (chinese.speaking) chinese.stop();
                        else chinese.speak();
                      }}
                    >
                      <img src={speakerIcon} alt="" />
                      {chinese.speaking ? label.explainStop : label.explainListen}
                    </button>
                  )}
                </h3>
                <p>{page.note_cn}</p>
              </aside>
            )}
          </div>
        )}
      </div>

      <div className={`${styles.controls} ${controlsFaded ? styles.faded : ''}`}>
        <span className={styles.pageNo} data-testid="reader-page-no">
          {index + 1} / {pageCount}
        </span>
        <button
          type="button"
          className={`${styles.chip} ${isTextHidden ? '' : styles.chipOn}`}
          onClick={() => {
            playClick();
            touch();
            setTextHidden((hidden) => !hidden);
          }}
          aria-pressed={!isTextHidden}
          data-testid="reader-text-toggle"
        >
          {isTextHidden ? label.showText : label.hideText}
        </button>
        {mode === 'cn_read' && (
          <button
            type="button"
            className={`${styles.chip} ${showChinese ? styles.chipOn : ''}`}
            aria-pressed={showChinese}
            onClick={() => {
              playClick();
              onToggleChinese();
            }}
          >
            {showChinese ? label.hideChinese : label.showChinese}
          </button>
        )}
        <IconButton
          className={styles.playButton}
          label={playing ? label.pause : label.play}
          icon={playing ? pauseIcon : playIcon}
          data-testid="reader-play"
          onClick={() => {
            playClick();
            touch();
            if (playing) narration.pause();
            else if (narration.pageEnded || narration.kind === 'idle') narration.playPage();
            else narration.resume();
          }}
        />
      </div>

      <IconButton
        className={`${styles.side} ${styles.sidePrev} ${controlsFaded ? styles.faded : ''}`}
        label={label.previous}
        icon={prevIcon}
        disabled={index === 0}
        onClick={() => tapTurn(-1)}
      />
      <IconButton
        className={`${styles.side} ${styles.sideNext} ${
          narration.pageEnded && !autoTurn ? styles.beckon : ''
        } ${controlsFaded ? styles.faded : ''}`}
        label={label.next}
        icon={nextIcon}
        onClick={() => tapTurn(1)}
        data-testid="reader-next"
      />

      {waitingForTap && <TapToListen label={label.tapToListen} onTap={() => narration.resume()} />}

      {tapped && (
        <WordCard
          word={tapped.word}
          picture={page.image}
          onSay={() => sayWord(tapped.word.audio)}
          onClose={() => setTapped(null)}
        />
      )}

      {isEnded && (
        <EndOfBook
          saveState={shownFinishSave}
          title={book.book_info.title_cn}
          cover={book.book_info.cover.image}
          onReadAgain={() => {
            setEnded(false);
            setDirection('none');
            setTapped(null);
            setIndex(0);
          }}
          onRepeat={onRepeat}
          onBack={onBack}
        />
      )}
    </div>
  );
}

/** How long the tap-to-listen button waits before it starts to breathe (decision 114). */
const NUDGE_AFTER_MS = 2500;

/**
 * The button that starts a narration the browser would not start by itself. It starts breathing
 * after a while, by a class set then: an animation that waits in CSS (animation-delay) already
 * keeps the compositor producing frames while it waits, through the page's first load (issue 41,
 * decision 116).
 */
function TapToListen({ label, onTap }: { label: string; onTap: () => void }) {
  const [nudge, setNudge] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setNudge(true), NUDGE_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <button
      type="button"
      className={`${styles.tapToListen} ${nudge ? styles.nudge : ''}`}
      onClick={onTap}
    >
      <img src={playIcon} alt="" />
      {label}
    </button>
  );
}
