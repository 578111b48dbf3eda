import { gunzipSync } from 'node:zlib';
import { type DeviceSpeechModel, resolveAcousticModel } from '@picbook/speech';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerDeviceSpeech } from './device-model';

describe('the device speech model (decision 107)', () => {
  const app = Fastify();
  let texts = ['Lele, look! I see a red kite.'];
  beforeAll(async () => {
    registerDeviceSpeech(app, {
      texts: async () => texts,
      model: () => resolveAcousticModel('bundled'),
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const describeModel = async (): Promise<DeviceSpeechModel> => {
    const res = await app.inject({ url: '/speech/model.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    return res.json();
  };

  it('names the server model, its settings and a versioned URL per file', async () => {
    const model = await describeModel();
    expect(model).toMatchObject({ name: 'bundled', warp: 1.2, topn: 4 });
    for (const url of Object.values(model.files))
      expect(url).toMatch(/^\/speech\/f\/\w+\.[0-9a-f]{16}$/);
  });

  it('serves each file gzip-compressed for a year, the dictionary trimmed to the texts', async () => {
    const model = await describeModel();
    const res = await app.inject({
      url: model.files.dict,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    const dict = gunzipSync(res.rawPayload).toString('utf8');
    const words = new Set(
      dict
        .trim()
        .split('\n')
        .map((l) => l.split(' ')[0] ?? ''),
    );
    // CMUdict's entries for the text's words (with alternates), nothing else.
    const asked = ['lele', 'look', 'i', 'see', 'a', 'red', 'kite'];
    expect([...words].filter((w) => !asked.includes(w.replace(/\(\d+\)$/, '')))).toEqual([]);
    expect([...words]).toEqual(expect.arrayContaining(['look', 'i', 'see', 'a', 'red', 'kite']));
    const mdef = await app.inject({ url: model.files.mdef });
    expect(mdef.headers['content-encoding']).toBeUndefined();
    expect(mdef.rawPayload.length).toBeGreaterThan(1_000_000);
  });

  it('gives a new dictionary (and version) when the texts change; unknown files are 404', async () => {
    const before = await describeModel();
    texts = ['A zebra.'];
    const after = await describeModel();
    expect(after.version).not.toBe(before.version);
    expect(after.files.dict).not.toBe(before.files.dict);
    expect(after.files.mdef).toBe(before.files.mdef);
    expect((await app.inject({ url: '/speech/f/dict.0000000000000000' })).statusCode).toBe(404);
  });
});
