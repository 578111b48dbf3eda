import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { feedbackBuffer } from '../../shared/audio/feedback-sound';
import { LetterKeyboard } from './components/LetterKeyboard';
import { uniqueWords } from './pages/WordsPage';
import { reciteMode } from './pages/WordsRecitePage';

afterEach(cleanup);

describe('recite modes', () => {
  it.each([
    [0, 'kite', 'choose'],
    [1, 'kite', 'spell'],
    [2, 'kite', 'say'],
    [3, 'windy', 'choose'],
    [1, 'up', 'choose'],
    [4, 'good night', 'spell'],
  ] as const)('word %i "%s" → %s', (index, word, mode) => {
    expect(reciteMode(index, word)).toBe(mode);
  });
});

function Harness({ word, onSubmit }: { word: string; onSubmit(value: string): void }) {
  const [value, setValue] = useState('');
  return (
    <LetterKeyboard
      word={word}
      keys={['g', 'o', 'd', 'n', 'i', 'h', 't']}
      value={value}
      onChange={setValue}
      onSubmit={() => onSubmit(value)}
    />
  );
}

describe('the letter keyboard', () => {
  const typed = () => screen.getByTestId('spell-value').getAttribute('data-value');

  it('taps fill the slots, the word’s spaces fill themselves, ⌫ takes the last letter back', () => {
    const submit = vi.fn();
    render(<Harness word="good night" onSubmit={submit} />);
    for (const c of 'good')
      fireEvent.click(screen.getByRole('button', { name: c === 'o' ? 'o' : c }));
    expect(typed()).toBe('good ');
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(typed()).toBe('goo');
    fireEvent.click(screen.getByRole('button', { name: 'd' }));
    for (const c of 'night') fireEvent.click(screen.getByRole('button', { name: c }));
    expect(typed()).toBe('good night');
    // Full: more taps change nothing.
    fireEvent.click(screen.getByRole('button', { name: 'g' }));
    expect(typed()).toBe('good night');
    fireEvent.click(screen.getByTestId('spell-check'));
    expect(submit).toHaveBeenCalledWith('good night');
  });

  it('a real keyboard works too: letters, Backspace, Enter', () => {
    const submit = vi.fn();
    render(<Harness word="kite" onSubmit={submit} />);
    for (const key of ['K', 'i', 't', 'x', 'Backspace', 'e']) fireEvent.keyDown(window, { key });
    expect(typed()).toBe('kite');
    fireEvent.keyDown(window, { key: 'Enter' });
    expect(submit).toHaveBeenCalledWith('kite');
  });

  it('fast typing: each key sees the letters before it, even before effects have run', async () => {
    const submit = vi.fn();
    render(<Harness word="kite" onSubmit={submit} />);
    // As a browser delivers keys typed quickly: outside act, each after the re-render the one
    // before caused (a microtask) but before the renderer's effects (Preact: after a frame).
    for (const key of ['k', 'i', 't', 'e', 'Enter']) {
      window.dispatchEvent(new KeyboardEvent('keydown', { key }));
      await Promise.resolve();
    }
    expect(typed()).toBe('kite');
    expect(submit).toHaveBeenCalledWith('kite');
  });

  it('nothing to check before a letter is typed', () => {
    const submit = vi.fn();
    render(<Harness word="kite" onSubmit={submit} />);
    expect(screen.getByTestId('spell-check').hasAttribute('disabled')).toBe(true);
    fireEvent.keyDown(window, { key: 'Enter' });
    expect(submit).not.toHaveBeenCalled();
  });
});

describe('answer sounds', () => {
  it('are synthesised once per context: a longer rising chime, a shorter falling one', () => {
    const made: number[] = [];
    const ctx = {
      sampleRate: 8000,
      createBuffer: (_c: number, length: number) => {
        made.push(length);
        const data = new Float32Array(length);
        return { getChannelData: () => data, length, duration: length / 8000 };
      },
    } as unknown as Parameters<typeof feedbackBuffer>[0];
    const right = feedbackBuffer(ctx, 'right');
    expect(feedbackBuffer(ctx, 'right')).toBe(right);
    feedbackBuffer(ctx, 'wrong');
    expect(made).toEqual([Math.round(8000 * 0.4), Math.round(8000 * 0.34)]);
    const samples = right.getChannelData(0);
    expect(Math.max(...samples)).toBeGreaterThan(0.1);
    expect(Math.max(...samples.map(Math.abs))).toBeLessThanOrEqual(1.5);
  });
});

describe('the 单词 tab’s status list', () => {
  const w = (word: string, book_id: number, due_today = false) => ({
    word,
    book_id,
    meaning_cn: '',
    status: 'new' as const,
    due_today,
  });
  it('shows a word once although two books teach it, due when any of its cards is', () => {
    expect(uniqueWords([w('see', 1101), w('kite', 1101), w('See', 1104, true)])).toEqual([
      w('see', 1101, true),
      w('kite', 1101),
    ]);
  });
});
