import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { festivalEntry, type Lexicon } from './lexicon';
import { normaliseLoudness, type Pcm, readWav } from './wav';

/** A word of the sentence as displayed, with Festival's start/end (seconds) and char offset. */
export interface TimedWord {
  w: string;
  o: number;
  start: number;
  end: number;
}

export interface Narrated {
  pcm: Pcm;
  words: TimedWord[];
}

export const VOICE = 'voice_cmu_us_slt_arctic_hts';

const NARRATION_PACKAGES = 'festival festvox-us-slt-hts ffmpeg';

/**
 * What the narration build lacks (Festival, its slt voice, ffmpeg), as a sentence to print, or
 * null when all is there. Nothing here installs anything: .ci/run and the README do.
 */
export function missingNarrationTools(): string | null {
  const missing = ['festival', 'ffmpeg'].filter((tool) => spawnSync('which', [tool]).status !== 0);
  if (!fs.existsSync('/usr/share/festival/voices/us/cmu_us_slt_arctic_hts')) {
    missing.push('the festvox-us-slt-hts voice');
  }
  if (missing.length === 0) return null;
  return `the narration build needs ${missing.join(', ')} (apt-get install -y ${NARRATION_PACKAGES})`;
}

/** Festival and the encoder must be there; the error says which Debian packages to install. */
export function ensureNarrationTools(): void {
  const missing = missingNarrationTools();
  if (missing) throw new Error(`Cannot narrate: ${missing}`);
}

const scheme = (s: string) => s.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
const normalise = (s: string) => s.toLowerCase().replace(/[^a-z']/g, '');

/**
 * Synthesises many texts in one Festival run (the voice loads once). Returns, per text, the
 * audio and Festival's own word end times mapped onto the text's displayed words.
 */
export function synthesise(texts: string[], lexicon: Lexicon): Narrated[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picbook-narrate-'));
  try {
    const lines = [`(${VOICE})`, ...Object.entries(lexicon).map(([w, p]) => festivalEntry(w, p))];
    texts.forEach((text, i) => {
      const wav = path.join(dir, `${i}.wav`);
      lines.push(
        `(set! utt (Utterance Text "${scheme(text)}"))`,
        '(utt.synth utt)',
        `(utt.save.wave utt "${wav}" 'riff)`,
        `(format t "@@ ${i}\\n")`,
        `(mapcar (lambda (w) (format t "%s\\t%s\\t%s\\n" (item.name w) (item.feat w "R:SylStructure.daughter1.daughter1.segment_start") (item.feat w "word_end"))) (utt.relation.items utt 'Word))`,
      );
    });
    const script = path.join(dir, 'run.scm');
    fs.writeFileSync(script, `${lines.join('\n')}\n`);
    const out = execFileSync('festival', ['-b', script], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const timings = new Map<number, Array<{ name: string; start: number; end: number }>>();
    let current = -1;
    for (const line of out.split('\n')) {
      const marker = /^@@ (\d+)$/.exec(line);
      if (marker) {
        current = Number(marker[1]);
        timings.set(current, []);
        continue;
      }
      const [name, start, end] = line.split('\t');
      if (current >= 0 && name && start && end) {
        timings.get(current)?.push({ name, start: Number(start), end: Number(end) });
      }
    }
    return texts.map((text, i) => {
      const pcm = normaliseLoudness(readWav(fs.readFileSync(path.join(dir, `${i}.wav`))));
      return { pcm, words: mapWords(text, timings.get(i) ?? []) };
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Festival's words are normalised ("twenty-one" → twenty, one; "Dad's" → dad's). Each displayed
 * token takes as many Festival words as its letters need.
 */
export function mapWords(
  text: string,
  fest: Array<{ name: string; start: number; end: number }>,
): TimedWord[] {
  const words: TimedWord[] = [];
  let k = 0;
  const tokenRe = /\S+/g;
  for (let m = tokenRe.exec(text); m; m = tokenRe.exec(text)) {
    const token = m[0];
    const target = normalise(token);
    if (!target) continue;
    let joined = '';
    let start = Number.NaN;
    let end = Number.NaN;
    while (k < fest.length && joined.length < target.length) {
      const item = fest[k++];
      if (!item) break;
      // Items without syllables (the "'s" of a possessive) report no times; keep the others'.
      if (item.end > 0) {
        if (Number.isNaN(start)) start = item.start;
        end = Number.isNaN(end) ? item.end : Math.max(end, item.end);
      }
      joined += normalise(item.name);
    }
    if (joined !== target)
      throw new Error(`narration words do not match "${token}" in "${text}" (got "${joined}")`);
    words.push({ w: token, o: m.index, start: round(start), end: round(end) });
  }
  return words;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** MP3, mono, 24 kHz, 32 kbit/s: small, clear for speech, and every target WebView plays it. */
export function encodeMp3(pcm: Pcm, file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const raw = Buffer.from(pcm.samples.buffer, pcm.samples.byteOffset, pcm.samples.byteLength);
  execFileSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      's16le',
      '-ar',
      String(pcm.sampleRate),
      '-ac',
      '1',
      '-i',
      'pipe:0',
      '-ar',
      '24000',
      '-ac',
      '1',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '32k',
      '-map_metadata',
      '-1',
      '-fflags',
      '+bitexact',
      '-flags:a',
      '+bitexact',
      file,
    ],
    { input: raw },
  );
}

export const durationOf = (pcm: Pcm) => round(pcm.samples.length / pcm.sampleRate);
