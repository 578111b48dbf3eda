/**
 * The app's spoken Chinese, made at build time: espeak-ng's Mandarin voice reads the owl's part
 * instructions (course-builder), the feedback a child must act on (feedback-voices) and the
 * teacher's notes of the books (book-builder), so all of them sound alike (decision 099).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Pcm, readWav } from './wav';

/** espeak-ng's Mandarin, a female variant, a little slow for children. */
export const CHINESE_VOICE = ['-v', 'cmn+f3', '-s', '150', '-p', '55'];

/** Whether espeak-ng is installed (the notes of an operator's book are then narrated). */
export const hasChineseVoice = () => spawnSync('which', ['espeak-ng']).status === 0;

/** A tool the build needs: installed with apt-get when running as root, else a clear error. */
export function ensureTool(tool: string, pkg: string): void {
  if (spawnSync('which', [tool]).status === 0) return;
  if (process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0) {
    const r = spawnSync(
      'sh',
      ['-c', `apt-get install -y ${pkg} || (apt-get update && apt-get install -y ${pkg})`],
      { stdio: 'inherit' },
    );
    if (r.status === 0) return;
  }
  throw new Error(`The content build needs ${tool}: apt-get install -y ${pkg}`);
}

/** One Chinese text read aloud (espeak-ng must be there: see ensureTool). */
export function speakChinese(text: string): Pcm {
  const wav = path.join(os.tmpdir(), `picbook-cn-${process.pid}-${Date.now()}.wav`);
  try {
    execFileSync('espeak-ng', [...CHINESE_VOICE, '-w', wav, text]);
    return readWav(fs.readFileSync(wav));
  } finally {
    fs.rmSync(wav, { force: true });
  }
}
