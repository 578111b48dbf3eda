import { useTranslation } from 'react-i18next';
import { useWindowKeydown } from '../../../shared/ui/use-window-keydown';
import styles from './LetterKeyboard.module.css';

export interface LetterKeyboardProps {
  /** The word being spelled (only its length and spaces show, as empty slots). */
  word: string;
  keys: readonly string[];
  value: string;
  onChange(value: string): void;
  onSubmit(): void;
  disabled?: boolean;
}

/**
 * Spelling for small hands: a slot per letter of the word and big letter keys (the word's letters
 * and a few others). Taps, or a real keyboard: letters, Backspace, Enter.
 */
export function LetterKeyboard({
  word,
  keys,
  value,
  onChange,
  onSubmit,
  disabled,
}: LetterKeyboardProps) {
  const { t } = useTranslation('words');
  const max = word.length;
  const type = (c: string) => {
    if (disabled || value.length >= max) return;
    // Spaces of the word fill themselves ("good night").
    let next = value + c;
    while (word[next.length] === ' ' && next.length < max) next += ' ';
    onChange(next);
  };
  const erase = () => {
    if (disabled) return;
    onChange(value.replace(/ +$/, '').slice(0, -1));
  };
  // Fast typing: each key sees the letters typed before it (the listener reads the latest render).
  useWindowKeydown((e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
    if (/^[a-zA-Z']$/.test(e.key)) type(e.key.toLowerCase());
    else if (e.key === 'Backspace') erase();
    else if (e.key === 'Enter' && value.length > 0) onSubmit();
    else return;
    e.preventDefault();
  });
  return (
    <div className={styles.keyboard} data-testid="letter-keyboard">
      <div className={styles.slots} aria-live="polite" data-testid="spell-value" data-value={value}>
        {[...word].map((c, i) =>
          c === ' ' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: slots are positions
            <span key={i} className={styles.gap} />
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: slots are positions
            <span key={i} className={`${styles.slot} ${value[i] ? styles.filled : ''}`}>
              {value[i] ?? ''}
            </span>
          ),
        )}
      </div>
      <div className={styles.keys}>
        {keys.map((k) => (
          <button
            key={k}
            type="button"
            className={styles.key}
            onClick={() => type(k)}
            disabled={disabled}
            data-key={k}
            lang="en"
          >
            {k}
          </button>
        ))}
        <button
          type="button"
          className={`${styles.key} ${styles.erase}`}
          onClick={erase}
          disabled={disabled}
          aria-label={t('erase')}
        >
          ⌫
        </button>
        <button
          type="button"
          className={`${styles.key} ${styles.ok}`}
          onClick={onSubmit}
          disabled={disabled || value.length === 0}
          data-testid="spell-check"
        >
          {t('check')}
        </button>
      </div>
    </div>
  );
}
