/**
 * `npx tsx scripts/content/measure-alignment.ts [slug …]`: force-aligns the built narration of
 * the sample library (MP3 page audio, as an operator's recording would come) and compares each
 * word boundary with Festival's own time. Prints the mean, median and maximum error.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ZBookManifest } from '@picbook/content';
import { alignWords, closeSharedAligner, loadAudio } from '@picbook/speech';

const repo = path.resolve(import.meta.dirname, '../..');
const media = path.join(repo, 'content/media');
const lexicon = JSON.parse(
  fs.readFileSync(path.join(repo, 'content/lexicon.json'), 'utf8'),
) as Record<string, string>;
const only = process.argv.slice(2);
const errors: number[] = [];
let relaxed = 0;
let pages = 0;
const t0 = Date.now();
for (const id of fs.readdirSync(path.join(media, 'books')).sort()) {
  const m = ZBookManifest.parse(
    JSON.parse(fs.readFileSync(path.join(media, 'books', id, 'manifest.json'), 'utf8')),
  );
  if (only.length > 0 && !only.includes(m.slug)) continue;
  for (const page of m.pages) {
    const audio = await loadAudio(path.join(media, page.audio.replace('/media/', '')));
    const result = await alignWords(audio, page.sentences.map((s) => s.en).join(' '), {
      extraDict: lexicon,
    });
    if (result.pass === 'relaxed') relaxed += 1;
    const reference = JSON.parse(page.read_words_timeline) as Array<{ start: number; end: number }>;
    result.words.forEach((w, k) => {
      const ref = reference[k];
      if (ref) errors.push(Math.abs(w.start - ref.start), Math.abs(w.end - ref.end));
    });
    pages += 1;
  }
}
await closeSharedAligner();
errors.sort((a, b) => a - b);
const mean = errors.reduce((a, b) => a + b, 0) / errors.length;
const pct = (p: number) => errors[Math.floor((errors.length - 1) * p)] ?? 0;
console.log(
  `${pages} pages, ${errors.length} boundaries: mean ${(mean * 1000).toFixed(1)} ms, median ${(pct(0.5) * 1000).toFixed(0)} ms, ` +
    `p90 ${(pct(0.9) * 1000).toFixed(0)} ms, max ${(pct(1) * 1000).toFixed(0)} ms; within 50 ms: ${((errors.filter((e) => e <= 0.05).length / errors.length) * 100).toFixed(1)} %; ` +
    `relaxed pass on ${relaxed} page(s); ${((Date.now() - t0) / 1000).toFixed(0)} s`,
);
