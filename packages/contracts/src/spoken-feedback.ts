/**
 * What the app says aloud, in Mandarin, when a child must act on a message it cannot read yet
 * (issue 39 item 4, decision 099): each key's sentence is read at content-build time by the same
 * espeak-ng voice as the owl's part instructions (`npm run content:build` →
 * content/media/voice/feedback/), and the web plays it when the message shows.
 * The verdict sentences are the speech scorer's own (packages/speech VERDICT_MESSAGES, a test keeps
 * them equal); the others are the screens' text as shown.
 */
export const SPOKEN_FEEDBACK_CN = {
  /** A wrong choice in a course part (看图选句、听音选图、知识问答、拼写……). */
  try_again: '再想想，再试一次！',
  /** A wrong choice while reciting words. */
  think_again: '再想一想～',
  /** A word said nearly right (a word's speaking check). */
  almost: '差一点点，再试试！',
  /** Recordings that could not be scored as the sentence. */
  verdict_no_voice: '没有听到声音哦，请靠近麦克风，大声读一遍吧！',
  verdict_noise: '周围有点吵，换个安静的地方再读一次吧！',
  verdict_too_short: '录音有点短，把整句话读完再提交哦！',
  verdict_different_text: '好像读的不是这一句，看着句子再读一次吧！',
  /** The eye-rest screen (护眼). */
  eye_rest: '休息一下吧！让眼睛看看远处，休息一会儿。请爸爸妈妈来解锁哦。',
} as const;

export type SpokenFeedbackKey = keyof typeof SPOKEN_FEEDBACK_CN;

export const SPOKEN_FEEDBACK_KEYS = Object.keys(SPOKEN_FEEDBACK_CN) as SpokenFeedbackKey[];
