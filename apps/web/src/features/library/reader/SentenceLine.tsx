import { bareWord, type PageWord, sentencePieces } from '@picbook/domain';
import { memo, useMemo } from 'react';
import speakerIcon from '../../../shared/ui/icons/speaker.svg';
import styles from './Reader.module.css';

export interface SentenceLineProps {
  index: number;
  en: string;
  zh: string | null;
  /** This sentence's words from page_words, with their index into page_words. */
  words: Array<{ word: PageWord; at: number }>;
  isActive: boolean;
  /** Index into page_words of the word being said. */
  activeWord: number;
  /** Bare words that have a vocabulary card (tappable, with their own audio). */
  vocabulary: ReadonlySet<string>;
  onReplay(index: number): void;
  /** A vocabulary word was tapped: the bare word and its index into page_words. */
  onWord(word: string, at: number): void;
  replayLabel: string;
}

/**
 * One sentence on the text band: the word being said lights up and lifts; vocabulary words are
 * marked and say themselves when tapped; the speaker (or a tap on the text) reads it again.
 */
export const SentenceLine = memo(function SentenceLine({
  index,
  en,
  zh,
  words,
  isActive,
  activeWord,
  vocabulary,
  onReplay,
  onWord,
  replayLabel,
}: SentenceLineProps) {
  const pieces = useMemo(
    () =>
      sentencePieces(
        en,
        words.map((w) => w.word),
      ),
    [en, words],
  );
  return (
    <div
      className={`${styles.sentence} ${isActive ? styles.sentenceActive : ''}`}
      data-testid="reader-sentence"
      data-active={isActive || undefined}
    >
      <button
        type="button"
        className={styles.replay}
        aria-label={replayLabel}
        onClick={() => onReplay(index)}
      >
        <img src={speakerIcon} alt="" />
      </button>
      <div className={styles.sentenceText}>
        {/* Tapping the text reads the sentence again; the speaker button is the keyboard way. */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the replay button next to it has the keyboard path */}
        <p className={styles.en} lang="en" onClick={() => onReplay(index)}>
          {pieces.map((piece) => {
            if (piece.word === null) return <span key={piece.at}>{piece.text}</span>;
            const entry = words[piece.word];
            const bare = bareWord(piece.text);
            const lit = entry !== undefined && entry.at === activeWord;
            const className = `${styles.word} ${lit ? styles.wordLit : ''}`;
            if (!vocabulary.has(bare)) {
              return (
                <span key={piece.at} className={className} data-lit={lit || undefined}>
                  {piece.text}
                </span>
              );
            }
            return (
              <button
                key={piece.at}
                type="button"
                className={`${className} ${styles.vocab}`}
                data-lit={lit || undefined}
                onClick={(e) => {
                  e.stopPropagation();
                  onWord(bare, entry?.at ?? -1);
                }}
              >
                {piece.text}
              </button>
            );
          })}
        </p>
        {zh && (
          <p className={styles.zh} lang="zh-CN">
            {zh}
          </p>
        )}
      </div>
    </div>
  );
});
