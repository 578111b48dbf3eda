import type { TVocabWord } from '@picbook/contracts';
import { useTranslation } from 'react-i18next';
import speakerIcon from '../../../shared/ui/icons/speaker.svg';
import styles from './WordCard.module.css';

export interface WordCardProps {
  word: TVocabWord;
  /** The page's picture: the word as the book shows it. */
  picture: string;
  onSay(): void;
  onClose(): void;
}

/**
 * A tapped vocabulary word: the word (heard again with the big speaker), its part of speech and
 * Chinese meaning, and the page's picture, so a child who cannot read the Chinese still sees and
 * hears what it is. A tap anywhere on the card's backdrop closes it.
 */
export function WordCard({ word, picture, onSay, onClose }: WordCardProps) {
  const { t } = useTranslation('reader');
  return (
    <div
      className={styles.layer}
      onPointerDown={(e) => e.stopPropagation()}
      onPointerUp={(e) => e.stopPropagation()}
    >
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the close button is the keyboard path */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the backdrop only closes the card */}
      <div className={styles.backdrop} onClick={onClose} />
      <section className={styles.card} role="dialog" aria-label={word.word} data-testid="word-card">
        <img className={styles.picture} src={picture} alt="" />
        <div className={styles.body}>
          <button type="button" className={styles.say} onClick={onSay} aria-label={t('sayWord')}>
            <img src={speakerIcon} alt="" />
          </button>
          <p className={styles.word} lang="en">
            {word.word}
          </p>
          {word.pos && <p className={styles.pos}>{word.pos}</p>}
          <p className={styles.meaning} lang="zh-CN" data-testid="word-card-meaning">
            {word.meaning_cn}
          </p>
        </div>
        <button type="button" className={styles.close} onClick={onClose} aria-label={t('close')}>
          ✕
        </button>
      </section>
    </div>
  );
}
