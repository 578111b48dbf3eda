import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pcm16ToWav } from '../apps/server/src/platform/media/audio-probe';
// @ts-expect-error plain ESM helper shared with scripts/screenshots.mjs; no type declarations
import { chromiumArgs, chromiumPath } from '../scripts/lib/chromium.mjs';

/**
 * Chromium's fake microphone for the recording journeys: it plays the narration of The Red Kite's
 * first sentence ("It is a windy day."), made into a WAV with ffmpeg from the book's own MP3, each
 * time a recording opens it.
 */
const media = path.join(import.meta.dirname, '../content/media');
const manifest = JSON.parse(
  fs.readFileSync(path.join(media, 'books/1101/manifest.json'), 'utf8'),
) as { pages: Array<{ sentences: Array<{ en: string; audio: string }> }> };
const firstSentence = manifest.pages[0]?.sentences[0];

export const MIC_SENTENCE = firstSentence?.en ?? '';
export const micWav = path.join(os.tmpdir(), `picbook-e2e-mic-${process.pid}.wav`);

/** True when the WAV could be made (ffmpeg installed). */
export const micReady = (() => {
  try {
    execFileSync('ffmpeg', [
      '-y',
      '-loglevel',
      'error',
      '-i',
      path.join(media, (firstSentence?.audio ?? '').replace(/^\/media\//, '')),
      // 1.5 s before the voice, 2.5 s after it: the recorder's end-of-speech detector stops it.
      // Chromium starts the file when the microphone opens, and the recorder takes samples once
      // the prompt's ding has played; on a browser's first recording (its audio stack cold) that
      // took up to 0.9 s, so a 0.6 s lead cut off the sentence's start (a score of ~50).
      '-af',
      'adelay=1500|1500,apad=pad_dur=2.5',
      '-ar',
      '48000',
      '-ac',
      '1',
      micWav,
    ]);
    return true;
  } catch {
    return false;
  }
})();

const AUTOPLAY = '--autoplay-policy=no-user-gesture-required';

/**
 * `test.use(...)` options: Chromium that plays sound without a tap first, as the native app
 * shells' web views do (the app finds it out with its autoplay probe; a page opened by address in
 * a phone browser waits for a tap instead).
 */
export const autoplayAllowed = {
  launchOptions: { executablePath: chromiumPath as string, args: [...chromiumArgs, AUTOPLAY] },
};

/** `test.use(...)` options: Chromium with the fake microphone, permission granted. */
export const fakeMicrophone = {
  launchOptions: {
    executablePath: chromiumPath as string,
    args: [
      ...(chromiumArgs as string[]),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${micWav}%noloop`,
      AUTOPLAY,
    ],
  },
  permissions: ['microphone'],
};

/** `seconds` of a tone (amplitude 0: silence) as 16-bit mono WAV, made without any tool. */
export function toneWav(seconds: number, { hz = 262, amplitude = 6000, rate = 16_000 } = {}) {
  const pcm = Buffer.alloc(Math.round(seconds * rate) * 2);
  for (let i = 0; i < pcm.length / 2; i++) {
    pcm.writeInt16LE(Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / rate)), i * 2);
  }
  return pcm16ToWav(pcm, rate);
}

/** A child who says nothing: ten seconds of silence (the recorder gives up after 8 s). */
const silentWav = path.join(os.tmpdir(), `picbook-e2e-silence-${process.pid}.wav`);
fs.writeFileSync(silentWav, toneWav(10, { amplitude: 0, rate: 48_000 }));

/** `test.use(...)` options: Chromium whose fake microphone hears silence, permission granted. */
export const silentMicrophone = {
  ...fakeMicrophone,
  launchOptions: {
    ...fakeMicrophone.launchOptions,
    args: fakeMicrophone.launchOptions.args.map((arg) =>
      arg.startsWith('--use-file-for-fake-audio-capture=')
        ? `--use-file-for-fake-audio-capture=${silentWav}%noloop`
        : arg,
    ),
  },
};

export const rewardTier = (score: number) =>
  score >= 90 ? 3 : score >= 70 ? 2 : score >= 50 ? 1 : 0;
