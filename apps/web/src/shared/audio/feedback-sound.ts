import type { AudioEngine } from './audio-engine';
import { getAudioEngine } from './default-engine';
import type { AudioBufferLike, AudioContextLike } from './environment';

export type Feedback = 'right' | 'wrong';

/** Notes of each sound (Hz, seconds from the start): a rising chime, a soft falling "boing". */
const NOTES: Record<Feedback, Array<[number, number]>> = {
  right: [
    [784, 0],
    [1047, 0.09],
    [1319, 0.18],
  ],
  wrong: [
    [392, 0],
    [330, 0.12],
  ],
};
const NOTE_S = 0.22;
const buffers = new WeakMap<AudioContextLike, Map<Feedback, AudioBufferLike>>();

/** The sound of an answer, synthesised once per context (no file to load). */
export function feedbackBuffer(ctx: AudioContextLike, kind: Feedback): AudioBufferLike {
  const byKind = buffers.get(ctx) ?? new Map<Feedback, AudioBufferLike>();
  buffers.set(ctx, byKind);
  const cached = byKind.get(kind);
  if (cached) return cached;
  const rate = ctx.sampleRate;
  const notes = NOTES[kind];
  const total = (notes.at(-1)?.[1] ?? 0) + NOTE_S;
  const buffer = ctx.createBuffer(1, Math.round(rate * total), rate);
  const data = buffer.getChannelData(0);
  for (const [hz, at] of notes) {
    const from = Math.round(at * rate);
    for (let i = 0; i < NOTE_S * rate && from + i < data.length; i++) {
      const t = i / rate;
      const envelope = Math.min(1, t / 0.005) * Math.exp(-t / (kind === 'right' ? 0.09 : 0.07));
      data[from + i] =
        (data[from + i] ?? 0) +
        0.5 * envelope * (Math.sin(2 * Math.PI * hz * t) + 0.25 * Math.sin(4 * Math.PI * hz * t));
    }
  }
  byKind.set(kind, buffer);
  return buffer;
}

/** Immediate feedback on an answer (effect channel; silent when effects are muted or locked). */
export function playFeedback(kind: Feedback, engine: AudioEngine = getAudioEngine()): void {
  if (engine.isEffectsMuted()) return;
  const ctx = engine.getContext();
  if (!ctx) return;
  if (ctx.state !== 'running') {
    if (!engine.isAudioUnlocked()) return;
    ctx.resume().catch(() => {});
  }
  const source = ctx.createBufferSource();
  source.buffer = feedbackBuffer(ctx, kind);
  const gain = ctx.createGain();
  gain.gain.value = 0.35;
  source.connect(gain);
  gain.connect(ctx.destination);
  source.addEventListener('ended', () => {
    source.disconnect();
    gain.disconnect();
  });
  source.start(0);
}
