/**
 * Short, encouraging feedback in Chinese for the child's parent. Deterministic: the same
 * result always gets the same sentence. Words are quoted as the child sees them in the
 * book (punctuation stripped).
 */

export type Verdict = 'ok' | 'no_voice' | 'noise' | 'too_short' | 'different_text';

export interface FeedbackWord {
  word: string;
  score: number;
  status: 'good' | 'mispronounced' | 'missed';
}

/** Why a recording could not be scored, as the app shows it. */
export const VERDICT_MESSAGES: Readonly<Record<Exclude<Verdict, 'ok'>, string>> = {
  no_voice: '没有听到声音哦，请靠近麦克风，大声读一遍吧！',
  noise: '周围有点吵，换个安静的地方再读一次吧！',
  too_short: '录音有点短，把整句话读完再提交哦！',
  different_text: '好像读的不是这一句，看着句子再读一次吧！',
};

/** Score thresholds of the feedback tiers (0–100). */
export const FEEDBACK_TIERS = { excellent: 90, good: 75, fair: 60 } as const;

const clean = (word: string): string =>
  word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '') || word;

/** Words worth mentioning: missed first, then the lowest-scored mispronounced ones. */
function focusWords(words: readonly FeedbackWord[], max: number): FeedbackWord[] {
  const missed = words.filter((w) => w.status === 'missed');
  const wrong = words.filter((w) => w.status === 'mispronounced').sort((a, b) => a.score - b.score);
  return [...missed, ...wrong].slice(0, max);
}

const list = (words: readonly FeedbackWord[]): string =>
  words.map((w) => clean(w.word)).join(' 和 ');

/** The feedback sentence for a scored recording. */
export function feedbackFor(
  verdict: Verdict,
  score: number,
  words: readonly FeedbackWord[],
): string {
  if (verdict !== 'ok') return VERDICT_MESSAGES[verdict];
  if (words.length > 0 && words.every((w) => w.status === 'missed')) {
    return VERDICT_MESSAGES.too_short;
  }
  const tip = hint(focusWords(words, 2));
  if (score >= FEEDBACK_TIERS.excellent) return tip ? `读得真棒！${tip}` : '读得真棒！发音很清楚！';
  if (score >= FEEDBACK_TIERS.good) return tip ? `读得很好！${tip}` : '读得很好！继续加油！';
  if (score >= FEEDBACK_TIERS.fair) {
    return tip ? `不错哦！再试一次，${tip}` : '不错哦！跟着原音再读一次，会更流利！';
  }
  return tip ? `加油！先听一听原音，再试一次，${tip}` : '加油！先听一听原音，再跟着读一遍吧！';
}

/** "别漏掉 red 哦！", "注意 kite 的发音。", or both; empty when every word was fine. */
function hint(focus: readonly FeedbackWord[]): string {
  const missed = focus.filter((w) => w.status === 'missed');
  const wrong = focus.filter((w) => w.status === 'mispronounced');
  const parts: string[] = [];
  if (missed.length > 0) parts.push(`别漏掉 ${list(missed)} 哦！`);
  if (wrong.length > 0) parts.push(`注意 ${list(wrong)} 的发音。`);
  return parts.join('');
}
