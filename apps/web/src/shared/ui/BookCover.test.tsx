import { fireEvent, render, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BookCover } from './BookCover';
import styles from './BookCover.module.css';

const cover = (priority: boolean) => (
  <BookCover
    src="/media/c.webp"
    placeholder="data:image/webp;base64,AA"
    width={256}
    height={256}
    alt="cover"
    priority={priority}
  />
);

describe('BookCover (decision 115)', () => {
  it('fades a picture in once it has loaded', () => {
    const img = within(render(cover(false)).container).getByAltText('cover');
    expect(img.className).not.toContain(styles.loaded);
    fireEvent.load(img);
    expect(img.className).toContain(styles.loaded);
    expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('shows a first-screen picture at once, without waiting for its load event', () => {
    const img = within(render(cover(true)).container).getByAltText('cover');
    expect(img.className).toContain(styles.instant);
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('loading')).toBe('eager');
  });
});
