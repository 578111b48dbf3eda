import type { TVocabEntry } from '@picbook/contracts';
import styles from './WordPicture.module.css';

/** The word's picture from the book (its example's page), with the word's place marked when known. */
export function WordPicture({ entry, className }: { entry: TVocabEntry; className?: string }) {
  return (
    <figure
      className={`${styles.picture} ${className ?? ''}`}
      style={{ backgroundImage: `url(${entry.picture.placeholder})` }}
    >
      <img src={entry.picture.image_small} alt="" />
      {entry.spot && (
        <span
          className={styles.spot}
          data-testid="word-spot"
          style={{
            left: `${entry.spot.x * 100}%`,
            top: `${entry.spot.y * 100}%`,
            width: `${entry.spot.w * 100}%`,
            height: `${entry.spot.h * 100}%`,
          }}
        />
      )}
    </figure>
  );
}

/** The example sentence with the word (every form of it that starts the same) in bold. */
export function ExampleText({ example, word }: { example: string; word: string }) {
  const at = example.toLowerCase().indexOf(word.toLowerCase());
  if (at < 0) return <>{example}</>;
  return (
    <>
      {example.slice(0, at)}
      <b>{example.slice(at, at + word.length)}</b>
      {example.slice(at + word.length)}
    </>
  );
}
