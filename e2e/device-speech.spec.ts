import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';

/**
 * The device's speech scorer (decision 107): the web build's worker (SoundSwallower's web build,
 * the model files the server serves under /speech/) scores the speech fixtures in Chromium with
 * the same results as the server's Node scorer (packages/speech/src/device-reference-cli.ts),
 * with a second worker decoding the phone loops (decision 113) and with one worker alone.
 */
const root = path.join(import.meta.dirname, '..');

interface Reference {
  name: string;
  text: string;
  options?: { competitors?: string[] };
  model: string;
  dictionaryWords: string[];
  audio: string;
  result: {
    score: number;
    verdict: string;
    words: { word: string; status: string; score: number }[];
  };
}

test('the device scores the fixtures as the server does', async ({ page }) => {
  test.setTimeout(240_000);
  const reference = JSON.parse(
    execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'packages/speech/src/device-reference-cli.ts')],
      { cwd: root, maxBuffer: 64 * 1024 * 1024 },
    ).toString(),
  ) as Reference[];
  const dist = process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist');
  const manifest = JSON.parse(
    fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  const entry = manifest['src/features/speech/device-scoring.ts']?.file;
  expect(entry, 'the device scorer is its own chunk').toMatch(/^assets\/speech\//);

  // Which words the device's dictionary has (trimmed to the books' words, decision 107): a word
  // the server finds in CMUdict and the device does not is pronounced by letter-to-sound there.
  const model = await (await page.request.get('/speech/model.json')).json();
  const dictionary = await (await page.request.get(model.files.dict)).text();
  const known = new Set(dictionary.split('\n').map((l) => l.split(' ')[0]));
  const covered = (c: Reference) => c.dictionaryWords.every((w) => known.has(w));

  await page.goto('/healthz');
  const device = await page.evaluate(
    async ({ entry, cases }) => {
      const { createDeviceScorer, scoreOnDevice, prepareDeviceScoring } = await import(`/${entry}`);
      const samples = (c: { audio: string }) =>
        new Float32Array(Uint8Array.from(atob(c.audio), (ch) => ch.charCodeAt(0)).buffer);
      const scorer = createDeviceScorer();
      const info = await scorer.ready();
      // Two workers, the second decoding the phone loops (decision 113)...
      const helped = await scorer.helped();
      // ...and one alone, as on a device of one core: the same results.
      const alone = createDeviceScorer({ helper: false });
      const results = [];
      const aloneResults = [];
      // The reference's own competitors (none when it has none): the worker would otherwise find
      // a text's competitors in the books' lines the server serves (decision 110).
      for (const c of cases) {
        const options = c.options ?? { competitors: [] };
        results.push(await scorer.score(samples(c), c.text, options));
        aloneResults.push(await alone.score(samples(c), c.text, options));
      }
      scorer.close();
      alone.close();
      // What a screen calls: the page's shared scorer, the answer in the API's shape.
      const first = cases[0] as (typeof cases)[number];
      await prepareDeviceScoring();
      const answer = await scoreOnDevice(samples(first), first.text);
      return { info, helped, results, aloneResults, answer };
    },
    { entry: entry as string, cases: reference },
  );

  expect(device.info.model).toBe(reference[0]?.model);
  expect(device.helped, 'a second worker decodes the phone loops').toBe(true);
  expect(device.aloneResults, 'one worker alone scores the same').toEqual(device.results);
  let compared = 0;
  reference.forEach((server, i) => {
    const own = device.results[i];
    const label = `${server.name}: "${server.text}"`;
    expect(own.verdict, label).toBe(server.result.verdict);
    expect(
      own.words.map((w: { status: string }) => w.status),
      label,
    ).toEqual(server.result.words.map((w) => w.status));
    if (covered(server)) {
      // Every word in the device's dictionary: the same pipeline gives the same figures.
      expect(own.score, label).toBe(server.result.score);
      expect(own.words, label).toEqual(server.result.words);
      compared += 1;
    } else {
      expect(Math.abs(own.score - server.result.score), label).toBeLessThanOrEqual(5);
    }
  });
  expect(compared, 'cases compared figure by figure').toBeGreaterThanOrEqual(4);

  const first = reference[0] as Reference;
  expect(device.answer).toMatchObject({
    score: first.result.score,
    verdict: first.result.verdict,
    channels: [{ name: 'device', score: first.result.score }],
  });
  expect(device.answer.words).toEqual(first.result.words);
});
