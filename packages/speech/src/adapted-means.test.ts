import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { groupByMeans, meansFor, withMeansPools } from './adapted-means';

const folder = mkdtempSync(path.join(tmpdir(), 'picbook-means-'));
for (const s of ['0001', '0005']) writeFileSync(path.join(folder, `${s}.means`), s);
const file = path.join(folder, 'all.means');
writeFileSync(file, 'all');

describe('meansFor: which adapted means a speaker is scored with', () => {
  it.each([
    ['no means given', undefined, '0001', undefined],
    ['one file: every speaker', file, '0001', file],
    ['one file: the narration too', file, undefined, file],
    ['a folder: the speaker adapted without them', folder, '0005', path.join(folder, '0005.means')],
    ['a folder: a speaker it has no file for keeps the shipped means', folder, '0999', undefined],
    ['a folder: the narration keeps the shipped means', folder, undefined, undefined],
  ])('%s', (_, means, speaker, expected) => {
    expect(meansFor(means, speaker)).toBe(expected);
  });
});

describe('groupByMeans', () => {
  it('groups items by means file, keeping each index', () => {
    const items = [{ speaker: '0001' }, {}, { speaker: '0005' }, { speaker: '0001' }];
    expect([...groupByMeans(items, folder)]).toEqual([
      [
        path.join(folder, '0001.means'),
        [
          [0, items[0]],
          [3, items[3]],
        ],
      ],
      [undefined, [[1, items[1]]]],
      [path.join(folder, '0005.means'), [[2, items[2]]]],
    ]);
    expect([...groupByMeans(items, undefined)]).toEqual([[undefined, items.map((x, i) => [i, x])]]);
  });
});

describe('withMeansPools', () => {
  it('refuses adapted means for the bundled model (they are the Debian model’s)', async () => {
    await expect(
      withMeansPools([{ speaker: '0001' }], folder, { model: 'bundled' }, async () => {}),
    ).rejects.toThrow(/needs the Debian model/);
  });
});
