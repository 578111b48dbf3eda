// The server's side of the device-scoring check (decision 107): scores the speech fixtures with
// the Node scorer (the model the server uses, `auto`) and prints, per case, its text, options,
// audio (16 kHz float samples, base64), its words in CMUdict and the result, as JSON on stdout. The browser's worker
// scores the same audio (e2e/device-speech.spec.ts) and must agree.
//
//   node --import tsx packages/speech/src/device-reference-cli.ts > /tmp/reference.json
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadAudio } from './audio';
import { dictionaryWords } from './device-dictionary';
import { loadModelDictionary } from './model-dir';
import { createScorer, type ScoreOptions } from './score';

const fixtures = fileURLToPath(new URL('../test-fixtures/', import.meta.url));
const timings = JSON.parse(readFileSync(`${fixtures}timings.json`, 'utf8')) as Record<
  string,
  { text: string; wav: string }
>;

interface Case {
  name: string;
  wav: string;
  text: string;
  options?: ScoreOptions;
}

const KITE = 'I see a red kite.';
const CAT = 'The cat is on the mat.';
const cases: Case[] = [
  { name: 'kite (own text)', wav: 'score-kite.wav', text: KITE },
  { name: 'cat (own text)', wav: 'score-cat.wav', text: CAT },
  { name: 'kite read for the cat line', wav: 'score-kite.wav', text: CAT },
  ...Object.entries(timings).map(([name, t]) => ({ name, wav: t.wav, text: t.text })),
  {
    name: 'kite line among the book’s other lines',
    wav: timings.kite?.wav ?? 'kite.wav',
    text: timings.boat?.text ?? '',
    options: { competitors: Object.values(timings).map((t) => t.text) },
  },
];

const cmudict = await loadModelDictionary();
const scorer = await createScorer();
const out = [];
for (const c of cases) {
  const audio = await loadAudio(`${fixtures}${c.wav}`);
  const result = scorer.score(audio, c.text, c.options);
  out.push({
    name: c.name,
    text: c.text,
    ...(c.options ? { options: c.options } : {}),
    model: scorer.model,
    // The text's words the server finds in CMUdict: the device must have them to score alike.
    dictionaryWords: [...dictionaryWords([c.text])].filter((w) => cmudict.lookup(w)),
    audio: Buffer.from(audio.buffer, audio.byteOffset, audio.byteLength).toString('base64'),
    result,
  });
}
scorer.close();
process.stdout.write(JSON.stringify(out));
