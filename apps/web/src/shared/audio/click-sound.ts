import type { AudioEngine } from './audio-engine';
import { getAudioEngine } from './default-engine';
import type { AudioBufferLike, AudioContextLike } from './environment';

const CLICK_MS = 35;
const clicks = new WeakMap<AudioContextLike, AudioBufferLike>();

/** A short wooden "tick": two decaying partials, synthesised once per context (no file). */
export function clickBuffer(ctx: AudioContextLike): AudioBufferLike {
  const cached = clicks.get(ctx);
  if (cached) return cached;
  const rate = ctx.sampleRate;
  const length = Math.max(1, Math.round((rate * CLICK_MS) / 1000));
  const buffer = ctx.createBuffer(1, length, rate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < length; i++) {
    const t = i / rate;
    const attack = Math.min(1, t / 0.001);
    const envelope = attack * Math.exp(-t / 0.006);
    data[i] =
      envelope * (0.7 * Math.sin(2 * Math.PI * 1800 * t) + 0.3 * Math.sin(2 * Math.PI * 3100 * t));
  }
  clicks.set(ctx, buffer);
  return buffer;
}

/** Button press sound on the effect channel: silent when effects are muted or audio is locked. */
export function playClick(engine: AudioEngine = getAudioEngine(), volume = 0.4): void {
  if (engine.isEffectsMuted()) return;
  const ctx = engine.getContext();
  if (!ctx) return;
  if (ctx.state !== 'running') {
    if (!engine.isAudioUnlocked()) return;
    ctx.resume().catch(() => {});
  }
  const source = ctx.createBufferSource();
  source.buffer = clickBuffer(ctx);
  const gain = ctx.createGain();
  gain.gain.value = volume;
  source.connect(gain);
  gain.connect(ctx.destination);
  const release = () => {
    source.removeEventListener('ended', release);
    source.disconnect();
    gain.disconnect();
  };
  source.addEventListener('ended', release);
  source.start(0);
}
