import type { TSpeechResult } from '@picbook/contracts';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { playSegment, useTrack } from '../../shared/audio';
import { ScoreView } from './ScoreView';

// happy-dom has no audio: the view only needs to ask for its sounds.
const ownTrack = { play: vi.fn(), stop: vi.fn() };
vi.mock(import('../../shared/audio'), () => ({
  playSegment: vi.fn(() => ({ stop: vi.fn() }) as never),
  useTrack: vi.fn(() => ({
    track: ownTrack as never,
    state: { state: 'pending', currentTime: 0, url: '', index: 0, duration: 0, speed: 1 } as const,
  })),
}));

const MODEL = {
  url: '/media/books/1101/p5-s1.mp3',
  words: [
    { w: 'I', start: 0.175, end: 0.27 },
    { w: 'see', start: 0.27, end: 0.51 },
    { w: 'my', start: 0.51, end: 0.695 },
    { w: 'red', start: 0.695, end: 0.905 },
    { w: 'kite.', start: 0.905, end: 1.245 },
  ],
};

function buildResult(overrides: Partial<TSpeechResult> = {}): TSpeechResult {
  return {
    score: 74,
    accuracy: 76,
    fluency: 80,
    completeness: 80,
    verdict: 'ok',
    feedback: '不错哦！再试一次，别漏掉 kite 哦！',
    channels: [{ name: 'judge', score: 74 }],
    words: [
      { word: 'I', score: 95, start: 0.42, end: 0.55, status: 'good' },
      { word: 'see', score: 88, start: 0.55, end: 0.86, status: 'good' },
      { word: 'my', score: 58, start: 0.86, end: 1.1, status: 'mispronounced' },
      { word: 'red', score: 91, start: 1.1, end: 1.4, status: 'good' },
      { word: 'kite.', score: 0, start: 0, end: 0, status: 'missed' },
    ],
    ...overrides,
  };
}

function reduceMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: reduce && query.includes('reduce'), media: query })),
  );
}

const words = () =>
  within(screen.getByText('I').closest('p') as HTMLElement).getAllByRole('button');

beforeEach(() => {
  reduceMotion(true);
  vi.mocked(playSegment).mockClear();
  ownTrack.play.mockClear();
  ownTrack.stop.mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ScoreView', () => {
  it('colours each word by how it was said and names it for screen readers', () => {
    render(<ScoreView result={buildResult()} modelAudio={MODEL} />);
    expect(words().map((w) => [w.textContent?.replace(/\d+$/, ''), w.dataset.status])).toEqual([
      ['I', 'good'],
      ['see', 'good'],
      ['my', 'mispronounced'],
      ['red', 'good'],
      ['kite.', 'missed'],
    ]);
    expect(screen.getByRole('button', { name: 'my：58 分，再练练。点一下听示范' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'kite.：0 分，漏读了。点一下听示范' })).toBeTruthy();
    expect(screen.getByText('不错哦！再试一次，别漏掉 kite 哦！')).toBeTruthy();
  });

  it.each([
    [96, 3, '太棒了！'],
    [90, 3, '太棒了！'],
    [74, 2, '真不错！'],
    [55, 1, '读得不错！'],
    [30, 0, '再试一次吧！'],
  ])('score %i → %i stars and "%s"', (score, stars, headline) => {
    render(<ScoreView result={buildResult({ score })} />);
    const view = screen.getByTestId('score-view');
    expect(view.dataset.stars).toBe(String(stars));
    expect(screen.getByRole('img', { name: `${stars} 颗星` })).toBeTruthy();
    expect(view.querySelectorAll('svg[data-filled]')).toHaveLength(stars);
    expect(view.querySelectorAll('svg')).toHaveLength(3);
    expect(screen.getByText(headline)).toBeTruthy();
    expect(screen.getByText(`${score} 分`)).toBeTruthy();
  });

  it('gives no stars to a reading of something else, whatever the number', () => {
    render(<ScoreView result={buildResult({ score: 80, verdict: 'different_text' })} />);
    expect(screen.getByTestId('score-view').dataset.stars).toBe('0');
  });

  it.each([
    ['no_voice', 0, '没有听到声音哦'],
    ['noise', 0, '周围有点吵'],
    ['too_short', 0, '再读完整一点'],
    ['different_text', 20, '好像不是这一句'],
  ] as const)(
    'a %s recording shows the verdict, no score and no coloured words',
    (verdict, score, headline) => {
      render(
        <ScoreView
          result={buildResult({ score, verdict, feedback: '没有听到声音哦，请靠近麦克风' })}
          modelAudio={MODEL}
        />,
      );
      expect(screen.getByTestId('score-verdict')).toBeTruthy();
      expect(screen.getByText(headline)).toBeTruthy();
      expect(screen.queryByText(`${score} 分`)).toBeNull();
      expect(screen.queryByRole('img', { name: /颗星/ })).toBeNull();
      // The good words of the example result are not green under "another sentence".
      expect(new Set(words().map((w) => w.dataset.status))).toEqual(new Set(['plain']));
      expect(words().every((w) => !/\d/.test(w.textContent ?? ''))).toBe(true);
      // Still a way to hear the sentence said well.
      fireEvent.click(screen.getByRole('button', { name: 'see：点一下听示范' }));
      expect(playSegment).toHaveBeenCalledWith(MODEL.url, 0.27, 0.51);
    },
  );

  it('says why a sentence scored below its words, with the three parts (issue 39.9)', () => {
    // "Up, up, up it goes!" 87 with every word at 100.
    const all100 = ['Up,', 'up,', 'up', 'it', 'goes!'].map((word, i) => ({
      word,
      score: 100,
      start: i * 0.3,
      end: i * 0.3 + 0.25,
      status: 'good' as const,
    }));
    render(
      <ScoreView
        result={buildResult({
          score: 87,
          accuracy: 96,
          fluency: 74,
          completeness: 100,
          words: all100,
        })}
      />,
    );
    const reason = screen.getByTestId('score-reason');
    expect(reason.dataset.reason).toBe('fluency');
    expect(reason.textContent).toContain('整句读得还不够连贯');
    expect(reason.textContent).toContain('发音 96 · 流利 74 · 完整 100');
  });

  it('needs no reason when the words explain the score, or nothing was scored', () => {
    render(<ScoreView result={buildResult()} />);
    expect(screen.queryByTestId('score-reason')).toBeNull();
    cleanup();
    render(<ScoreView result={buildResult({ verdict: 'different_text', score: 20 })} />);
    expect(screen.queryByTestId('score-reason')).toBeNull();
  });

  it.each([
    ['no_voice', false],
    ['noise', false],
    ['different_text', true],
    ['too_short', true],
    ['ok', true],
  ] as const)(
    '%s: replaying the recording offered: %s (never seconds of silence)',
    (verdict, offered) => {
      render(<ScoreView result={buildResult({ verdict })} recordingUrl="/uploads/rec.wav" />);
      expect(screen.queryByRole('button', { name: '听我的录音' }) !== null).toBe(offered);
    },
  );

  it('tapping a word plays that word of the model narration and shows its score', () => {
    render(<ScoreView result={buildResult()} modelAudio={MODEL} />);
    fireEvent.click(screen.getByRole('button', { name: /^my：/ }));
    expect(playSegment).toHaveBeenCalledWith(MODEL.url, 0.51, 0.695);
    expect(screen.getByRole('button', { name: /^my：/ }).dataset.selected).toBe('true');
    // The missed word can be heard too: that is the point of "try again with the model audio".
    fireEvent.click(screen.getByRole('button', { name: /^kite\.：/ }));
    expect(playSegment).toHaveBeenLastCalledWith(MODEL.url, 0.905, 1.245);
  });

  it('without model audio a tap only shows the score', () => {
    render(<ScoreView result={buildResult()} />);
    fireEvent.click(screen.getByRole('button', { name: /^red：/ }));
    expect(playSegment).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /^red：/ }).dataset.selected).toBe('true');
  });

  it('plays back the child’s own recording, lighting up the word being said', () => {
    const { rerender } = render(
      <ScoreView result={buildResult()} recordingUrl="/uploads/rec.wav" onRetry={vi.fn()} />,
    );
    expect(vi.mocked(useTrack).mock.calls.at(-1)?.[0]).toMatchObject({ url: '/uploads/rec.wav' });
    fireEvent.click(screen.getByRole('button', { name: '听我的录音' }));
    expect(ownTrack.play).toHaveBeenCalled();
    vi.mocked(useTrack).mockReturnValue({
      track: ownTrack as never,
      state: { state: 'playing', currentTime: 0.9, url: '', index: 0, duration: 2, speed: 1 },
    });
    rerender(<ScoreView result={buildResult()} recordingUrl="/uploads/rec.wav" />);
    expect(screen.getByRole('button', { name: /^my：/ }).dataset.spoken).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '停止播放' }));
    expect(ownTrack.stop).toHaveBeenCalled();
  });

  it('shows no playback button without a recording; "read it again" calls back', () => {
    const onRetry = vi.fn();
    render(<ScoreView result={buildResult()} onRetry={onRetry} />);
    expect(screen.queryByRole('button', { name: '听我的录音' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '再读一次' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('counts the score up from 0 unless motion is reduced', async () => {
    reduceMotion(false);
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    try {
      render(<ScoreView result={buildResult({ score: 92 })} />);
      const number = () => screen.getByText('92 分').previousElementSibling?.textContent;
      expect(number()).toBe('0');
      await act(() => vi.advanceTimersByTimeAsync(300));
      expect(Number(number())).toBeGreaterThan(0);
      expect(Number(number())).toBeLessThan(92);
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(number()).toBe('92');
    } finally {
      vi.useRealTimers();
    }
  });
});
