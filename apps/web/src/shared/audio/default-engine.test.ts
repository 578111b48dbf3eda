import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush, pendingEvents } from '../analytics/pingback';
import { i18n } from '../i18n';
import { useToasts } from '../toast/toast-store';
import { createAudioEngine } from './audio-engine';
import { audioMessage } from './audio-messages';
import { reportAudioError } from './default-engine';
import { audioEn, audioZh } from './locales';
import { FakeWorld } from './test-audio-env';

const toasts = () => useToasts.getState().toasts.map((t) => [t.kind, t.message]);
const audioEvents = (url: string) =>
  pendingEvents().filter((e) => e.event === 'audio_error' && e.detail?.url === url);

beforeEach(() => {
  void i18n.changeLanguage('zh-CN');
  useToasts.setState({ toasts: [] });
  // Pingback batches would otherwise go to the network.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response('{}'))),
  );
});
afterEach(() => {
  // Send the queued events to the stubbed fetch now, not later to the real network.
  flush();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  void i18n.changeLanguage('zh-CN');
});

describe('audio error reporting (spec §8)', () => {
  it('without a network the toast names the network, not the audio', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    reportAudioError({ kind: 'failed', url: '/x/off.mp3', channel: 'voice', notify: true });
    expect(toasts()).toEqual([['warning', '没有检测到网络']]);
    vi.restoreAllMocks();
  });

  it('a failed file: error toast 音频播放失败 and an audio_error report at warn', () => {
    reportAudioError({
      kind: 'failed',
      url: '/x/fail.mp3',
      channel: 'voice',
      reason: 'media error 4',
      notify: true,
    });
    expect(toasts()).toEqual([['error', '音频播放失败']]);
    expect(audioEvents('/x/fail.mp3')).toEqual([
      expect.objectContaining({
        level: 'warn',
        detail: { url: '/x/fail.mp3', channel: 'voice', reason: 'media error 4' },
      }),
    ]);
  });

  it('a missing url: error toast 音频缺失, nothing reported', () => {
    reportAudioError({ kind: 'missing', url: '', channel: 'voice', notify: true });
    expect(toasts()).toEqual([['error', '音频缺失']]);
    expect(audioEvents('')).toEqual([]);
  });

  it('background music (notify false) is reported without a toast', () => {
    reportAudioError({ kind: 'failed', url: '/x/bgm.mp3', channel: 'music', notify: false });
    expect(toasts()).toEqual([]);
    expect(audioEvents('/x/bgm.mp3')).toHaveLength(1);
  });

  it('uses the English strings in English', async () => {
    await i18n.changeLanguage('en');
    expect(audioMessage('failed')).toBe('Audio playback failed');
    expect(audioMessage('missing')).toBe('Audio missing');
  });

  it('registers the audio namespace with the same strings as locales.ts', () => {
    expect(i18n.getResourceBundle('zh-CN', 'audio')).toEqual(audioZh);
    expect(i18n.getResourceBundle('en', 'audio')).toEqual(audioEn);
  });

  it('an engine wired to the reporter toasts a failing track', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const world = new FakeWorld().add('/x/broken.mp3', 1, true);
    const engine = createAudioEngine(world.env({ report: reportAudioError }));
    const track = engine.createTrack({ url: '/x/broken.mp3' });
    track.play();
    await vi.advanceTimersByTimeAsync(100); // load fails at 80 ms
    expect(track.snapshot.state).toBe('error');
    expect(toasts()).toEqual([['error', '音频播放失败']]);
    expect(audioEvents('/x/broken.mp3')).toHaveLength(1);
    engine.dispose();
  });
});
