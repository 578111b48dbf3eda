import { type AudioEngine, getAudioEngine } from '../audio';
import type { AudioBufferLike, AudioContextLike } from '../audio/environment';

/**
 * The "ding" before a recording (learning-content §4: starting plays a prompt sound first): two
 * bell-like tones, synthesised once per context and played like the click on the shared context.
 * Unlike the click it also plays where effects are muted (evaluation pages): it tells the child
 * when to speak, it is not decoration.
 */

const TONES = [
  { hz: 880, at: 0, ms: 160 },
  { hz: 1318.5, at: 0.11, ms: 240 },
] as const;
export const PROMPT_SECONDS = 0.35;
/** The microphone opens this long after the ding so it does not hear its tail. */
const TAIL_MS = 40;

const dings = new WeakMap<AudioContextLike, AudioBufferLike>();

/** The ding as samples: E5→E6-ish bell partials with a fast attack and exponential decay. */
export function promptBuffer(ctx: AudioContextLike): AudioBufferLike {
  const cached = dings.get(ctx);
  if (cached) return cached;
  const rate = ctx.sampleRate;
  const length = Math.round(rate * PROMPT_SECONDS);
  const buffer = ctx.createBuffer(1, length, rate);
  const data = buffer.getChannelData(0);
  for (const tone of TONES) {
    const start = Math.round(tone.at * rate);
    const decay = tone.ms / 1000 / 4;
    for (let i = start; i < length; i++) {
      const t = (i - start) / rate;
      const envelope = Math.min(1, t / 0.004) * Math.exp(-t / decay);
      const bell =
        Math.sin(2 * Math.PI * tone.hz * t) + 0.25 * Math.sin(2 * Math.PI * 2 * tone.hz * t);
      data[i] = (data[i] ?? 0) + 0.5 * envelope * bell;
    }
  }
  dings.set(ctx, buffer);
  return buffer;
}

/** Plays the ding; resolves when it has finished (at once when audio cannot play). */
export function playPromptSound(
  engine: AudioEngine = getAudioEngine(),
  volume = 0.6,
): Promise<void> {
  const ctx = engine.getContext();
  if (!ctx || (ctx.state !== 'running' && !engine.isAudioUnlocked())) return Promise.resolve();
  if (ctx.state !== 'running') ctx.resume().catch(() => {});
  const source = ctx.createBufferSource();
  source.buffer = promptBuffer(ctx);
  const gain = ctx.createGain();
  gain.gain.value = volume;
  source.connect(gain);
  gain.connect(ctx.destination);
  return new Promise((resolve) => {
    const release = () => {
      source.removeEventListener('ended', release);
      source.disconnect();
      gain.disconnect();
    };
    source.addEventListener('ended', release);
    source.start(0);
    // A timer, not 'ended': a suspended context would never end it and the recording must start.
    setTimeout(resolve, PROMPT_SECONDS * 1000 + TAIL_MS);
  });
}
