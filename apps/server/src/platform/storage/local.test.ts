import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isValidKey, MAX_KEY_LENGTH, newObjectKey } from './keys';
import { createLocalStorage } from './local';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picbook-uploads-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Every file under `root`, relative, sorted. */
function listFiles(root: string): string[] {
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((name) => fs.statSync(path.join(root, name)).isFile())
    .sort();
}

describe('local storage', () => {
  it('puts, reads whole and ranged, and deletes idempotently', async () => {
    const storage = createLocalStorage(dir);
    expect(storage.kind).toBe('local');
    const key = newObjectKey('rec', 'mp3');
    const body = Buffer.from('0123456789');
    await storage.put(key, body, 'audio/mpeg');

    expect(fs.readFileSync(path.join(dir, key))).toEqual(body);
    expect(await storage.get(key)).toEqual({ body, contentType: 'audio/mpeg', size: 10 });
    expect(await storage.get(key, { start: 2, end: 4 })).toEqual({
      body: Buffer.from('234'),
      contentType: 'audio/mpeg',
      size: 10,
    });
    expect(await storage.head(key)).toEqual({ size: 10, contentType: 'audio/mpeg' });
    expect(await storage.exists(key)).toBe(true);

    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.head(key)).toBeNull();
    expect(await storage.exists(key)).toBe(false);
  });

  it('replaces an object whole and leaves no temp files behind', async () => {
    const storage = createLocalStorage(dir);
    await storage.put('rec/a.wav', Buffer.alloc(1000, 1), 'audio/wav');
    await Promise.all(
      [2, 3, 4].map((n) => storage.put('rec/a.wav', Buffer.alloc(1000, n), 'audio/wav')),
    );
    const stored = fs.readFileSync(path.join(dir, 'rec/a.wav'));
    // One of the writers won, whole: never a mix of two bodies.
    expect(new Set(stored).size).toBe(1);
    expect(listFiles(dir)).toEqual(['rec/a.wav']);
    expect(fs.readdirSync(path.join(dir, '.tmp'))).toEqual([]);
  });

  it('cleans up the temp file when the rename fails', async () => {
    const storage = createLocalStorage(dir);
    // A folder where the file should go makes the rename fail.
    fs.mkdirSync(path.join(dir, 'rec/a.wav'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'rec/a.wav/keep.txt'), 'x');
    await expect(storage.put('rec/a.wav', Buffer.from('x'), 'audio/wav')).rejects.toThrow();
    expect(fs.readdirSync(path.join(dir, '.tmp'))).toEqual([]);
    expect(await storage.get('rec/a.wav')).toBeNull();
  });

  it('sweeps temp files left by a crash, but only old ones', () => {
    fs.mkdirSync(path.join(dir, '.tmp'));
    const old = path.join(dir, '.tmp/old');
    const fresh = path.join(dir, '.tmp/fresh');
    fs.writeFileSync(old, 'x');
    fs.writeFileSync(fresh, 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(old, twoHoursAgo, twoHoursAgo);
    createLocalStorage(dir);
    expect(fs.readdirSync(path.join(dir, '.tmp'))).toEqual(['fresh']);
  });

  it.each([
    '../outside.wav',
    'rec/../../outside.wav',
    '/etc/passwd.txt',
    'rec//a.wav',
    'rec/a.WAV',
    'Rec/a.wav',
    'rec/a.wav.html',
    'rec/a.html',
    'rec/a',
    '.tmp/x.wav',
    'rec/a b.wav',
    'rec/%2e%2e.wav',
    'rec\\a.wav',
    '',
    `rec/${'a'.repeat(MAX_KEY_LENGTH)}.wav`,
  ])('refuses the key %j in every method', async (key) => {
    expect(isValidKey(key)).toBe(false);
    const storage = createLocalStorage(dir);
    await expect(storage.put(key, Buffer.from('x'), 'audio/wav')).rejects.toThrow(
      'Invalid object key',
    );
    await expect(storage.get(key)).rejects.toThrow('Invalid object key');
    await expect(storage.head(key)).rejects.toThrow('Invalid object key');
    await expect(storage.delete(key)).rejects.toThrow('Invalid object key');
    expect(fs.existsSync(path.join(path.dirname(dir), 'outside.wav'))).toBe(false);
  });

  it('refuses a content type that is not the one of the extension', async () => {
    const storage = createLocalStorage(dir);
    await expect(storage.put('rec/a.wav', Buffer.from('x'), 'text/html')).rejects.toThrow(
      'does not match',
    );
    expect(listFiles(dir)).toEqual([]);
  });

  it('makes 128-bit keys', () => {
    const key = newObjectKey('rec', 'wav');
    expect(key).toMatch(/^rec\/[0-9a-f]{32}\.wav$/);
    expect(newObjectKey('rec', 'wav')).not.toBe(key);
    expect(() => newObjectKey('Rec', 'wav')).toThrow('Invalid object key');
  });
});
