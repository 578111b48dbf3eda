import { describe, expect, it } from 'vitest';
import { type FeedbackWord, feedbackFor, VERDICT_MESSAGES } from './feedback';

const word = (w: string, status: FeedbackWord['status'], score = 90): FeedbackWord => ({
  word: w,
  status,
  score,
});

describe('feedback for parents', () => {
  it('praises a good reading', () => {
    expect(feedbackFor('ok', 95, [word('I', 'good'), word('kite.', 'good')])).toBe(
      '读得真棒！发音很清楚！',
    );
  });

  it('names the word to practise, without punctuation', () => {
    const text = feedbackFor('ok', 72, [word('I', 'good'), word('kite.', 'mispronounced', 40)]);
    expect(text).toBe('不错哦！再试一次，注意 kite 的发音。');
  });

  it('mentions missed words first and at most two words', () => {
    const text = feedbackFor('ok', 55, [
      word('red', 'missed', 5),
      word('kite', 'mispronounced', 30),
      word('sky', 'mispronounced', 20),
    ]);
    expect(text).toBe('加油！先听一听原音，再试一次，别漏掉 red 哦！注意 sky 的发音。');
  });

  it('explains why a recording could not be scored', () => {
    for (const verdict of ['no_voice', 'noise', 'too_short', 'different_text'] as const) {
      expect(feedbackFor(verdict, 0, [])).toBe(VERDICT_MESSAGES[verdict]);
    }
  });
});
