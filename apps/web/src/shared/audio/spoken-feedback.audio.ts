// Written by `npm run content:build` (scripts/content/feedback-voices.ts): do not edit.
import type { SpokenFeedbackKey } from '@picbook/contracts';

/** Each spoken feedback sentence as built (content/media/voice/feedback/). */
export const SPOKEN_FEEDBACK_AUDIO: Readonly<Record<SpokenFeedbackKey, string>> = {
  try_again: '/media/voice/feedback/try-again.731ef588.mp3',
  think_again: '/media/voice/feedback/think-again.1715321a.mp3',
  almost: '/media/voice/feedback/almost.8deda82c.mp3',
  verdict_no_voice: '/media/voice/feedback/verdict-no-voice.60199734.mp3',
  verdict_noise: '/media/voice/feedback/verdict-noise.fc23c601.mp3',
  verdict_too_short: '/media/voice/feedback/verdict-too-short.3f4e759a.mp3',
  verdict_different_text: '/media/voice/feedback/verdict-different-text.ab85739b.mp3',
  eye_rest: '/media/voice/feedback/eye-rest.65ac5982.mp3',
};
