import type { Widen } from '../../shared/i18n/zh-CN';
import type { speechZh } from './locales';

export const speechEn: Widen<typeof speechZh> = {
  score: '{{score}} points',
  stars: '{{count}} stars',
  headline: {
    three: 'Excellent!',
    two: 'Great job!',
    one: 'Good reading!',
    none: "Let's try again!",
  },
  status: {
    good: 'well said',
    mispronounced: 'practise this one',
    missed: 'missed',
  },
  wordHint: '{{word}}: {{score}} points, {{status}}. Tap to hear it',
  wordListen: '{{word}}: tap to hear it',
  verdict: {
    no_voice: "We couldn't hear you",
    noise: "It's a bit noisy",
    too_short: 'Read the whole sentence',
    different_text: 'That sounded like another sentence',
  },
  reason: {
    fluency:
      'The sentence was not smooth yet (pauses or an uneven pace), so the total is below the word scores.',
    accuracy: 'The sentence as a whole could sound clearer, so the total is below the word scores.',
    completeness: 'Some words were left out, so the total is below the word scores.',
  },
  reasonShort: {
    fluency: 'Not smooth yet',
    accuracy: 'Could sound clearer',
    completeness: 'Words left out',
  },
  channels: 'Pronunciation {{accuracy}} · Fluency {{fluency}} · Completeness {{completeness}}',
  playMine: 'Play my recording',
  stopMine: 'Stop',
  retry: 'Read it again',
  device: {
    scored: 'Scored on this device',
  },
  mic: {
    start: 'Tap to record',
    stop: 'Done? Tap to stop',
    starting: 'Get ready…',
    scoring: 'Scoring…',
    waitingNetwork: 'No network. Your recording is kept and scored when you are back online',
    secondsLeft: '{{seconds}} s left',
  },
  demo: {
    title: 'Recording and scoring demo',
    sentence: 'Read after me:',
    listen: 'Listen',
    sample: 'Sample score',
    state: 'State: {{state}}',
  },
};
