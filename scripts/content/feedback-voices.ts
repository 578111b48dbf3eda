/**
 * The feedback a child must act on, spoken (issue 39 item 4, decision 099): every sentence of
 * SPOKEN_FEEDBACK_CN read by the app's Chinese voice into content/media/voice/feedback/ (files
 * named by their content hash, public like the owl's instructions), with index.json (the build's
 * hash and the files) and the web's table of URLs, apps/web/src/shared/audio/spoken-feedback.audio.ts.
 * Only rebuilt when a sentence or the voice changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  SPOKEN_FEEDBACK_CN,
  SPOKEN_FEEDBACK_KEYS,
  type SpokenFeedbackKey,
} from '@picbook/contracts';
import { type AssetCtx, mp3Asset, sha } from './book-builder';
import { CHINESE_VOICE, ensureTool, speakChinese } from './chinese-voice';

/** Bump when the feedback voices must be made again with unchanged sentences. */
const FEEDBACK_VOICE_VERSION = 'feedback-1';

export function buildFeedbackVoices(options: {
  mediaDir: string;
  webTableFile: string;
  force?: boolean;
}): Record<SpokenFeedbackKey, string> {
  const dir = path.join(options.mediaDir, 'voice/feedback');
  fs.mkdirSync(dir, { recursive: true });
  const indexFile = path.join(dir, 'index.json');
  const hash = sha(
    FEEDBACK_VOICE_VERSION,
    CHINESE_VOICE.join(' '),
    JSON.stringify(SPOKEN_FEEDBACK_CN),
  );
  let audio: Record<SpokenFeedbackKey, string> | null = null;
  try {
    const previous = JSON.parse(fs.readFileSync(indexFile, 'utf8')) as {
      hash: string;
      audio: Record<SpokenFeedbackKey, string>;
    };
    if (!options.force && previous.hash === hash) audio = previous.audio;
  } catch {
    // First build.
  }
  if (!audio) {
    ensureTool('espeak-ng', 'espeak-ng');
    const ctx: AssetCtx = {
      dir,
      urlBase: '/media/voice/feedback',
      keep: new Set(['index.json']),
      written: new Map(),
    };
    const made = {} as Record<SpokenFeedbackKey, string>;
    for (const key of SPOKEN_FEEDBACK_KEYS) {
      made[key] = mp3Asset(ctx, key.replace(/_/g, '-'), speakChinese(SPOKEN_FEEDBACK_CN[key]));
    }
    audio = made;
    fs.writeFileSync(indexFile, `${JSON.stringify({ hash, audio }, null, 2)}\n`);
    for (const name of fs.readdirSync(dir))
      if (!ctx.keep.has(name)) fs.rmSync(path.join(dir, name));
  }
  const table = [
    '// Written by `npm run content:build` (scripts/content/feedback-voices.ts): do not edit.',
    "import type { SpokenFeedbackKey } from '@picbook/contracts';",
    '',
    '/** Each spoken feedback sentence as built (content/media/voice/feedback/). */',
    'export const SPOKEN_FEEDBACK_AUDIO: Readonly<Record<SpokenFeedbackKey, string>> = {',
    ...SPOKEN_FEEDBACK_KEYS.map((key) => `  ${key}: '${audio[key]}',`),
    '};',
    '',
  ].join('\n');
  const before = fs.existsSync(options.webTableFile)
    ? fs.readFileSync(options.webTableFile, 'utf8')
    : '';
  if (before !== table) fs.writeFileSync(options.webTableFile, table);
  return audio;
}
