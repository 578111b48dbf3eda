import type { TVocabWord } from '@picbook/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createTrack, type Track } from '../../../shared/audio';
import styles from './VocabChips.module.css';

/** The book's words as chips: a tap says the word (voice channel) and the chip hops. */
export function VocabChips({ words }: { words: TVocabWord[] }) {
  const { t } = useTranslation('library');
  const track = useRef<Track | null>(null);
  // The tap count restarts the hop animation on every tap, also of the same chip.
  const [tapped, setTapped] = useState<{ word: string; n: number } | null>(null);
  useEffect(() => () => track.current?.destroy(), []);

  const handlePlay = (word: TVocabWord) => {
    track.current?.destroy();
    track.current = createTrack({ url: word.audio });
    track.current.play();
    setTapped((prev) => ({ word: word.word, n: (prev?.n ?? 0) + 1 }));
  };

  return (
    <ul className={styles.chips}>
      {words.map((word) => {
        const isTapped = tapped?.word === word.word;
        return (
          <li key={word.word}>
            <button
              type="button"
              className={`${styles.chip} ${isTapped ? styles.tapped : ''}`}
              aria-label={t('detail.playWord', { word: word.word })}
              onClick={() => handlePlay(word)}
            >
              <span key={isTapped ? tapped.n : 0} className={styles.inner}>
                <span className={styles.speaker} aria-hidden="true">
                  <svg viewBox="0 0 24 24" aria-hidden="true">
                    <path d="M4 9h3.5L12 5v14l-4.5-4H4a1 1 0 0 1-1-1v-4a1 1 0 0 1 1-1zm11.5-1.5a6 6 0 0 1 0 9l-1.4-1.4a4 4 0 0 0 0-6.2zm2.8-2.8a10 10 0 0 1 0 14.6l-1.4-1.4a8 8 0 0 0 0-11.8z" />
                  </svg>
                </span>
                <span className={styles.word} lang="en">
                  {word.word}
                </span>
                <span className={styles.meaning}>{word.meaning_cn}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
