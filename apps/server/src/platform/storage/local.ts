import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { assertPutAllowed, assertValidKey, contentTypeForKey } from './keys';
import type { ByteRange, ObjectInfo, ObjectStorage, StoredObject } from './types';

/** Temp files live here until renamed into place; keys cannot start with a dot, so never served. */
const TEMP_DIR = '.tmp';
/** Temp files older than this are left over from a crash and removed at start-up. */
const STALE_TEMP_MS = 60 * 60 * 1000;

/**
 * Files under `dir` (DATA_DIR/uploads by default), one file per key at `dir/<key>`.
 *
 * Writes are atomic: the bytes go to `dir/.tmp/<uuid>`, are flushed, then renamed over the
 * target, so a reader sees the old object, the whole new one, or none. There is no sidecar: the
 * content type follows from the key's extension (keys.ts), which is also what `put` checks.
 */
export function createLocalStorage(dir: string): ObjectStorage {
  const root = path.resolve(dir);
  const tempDir = path.join(root, TEMP_DIR);
  fs.mkdirSync(tempDir, { recursive: true });
  sweepStaleTemps(tempDir);

  const fileFor = (key: string): string => {
    assertValidKey(key);
    const file = path.resolve(root, key);
    // The key pattern already rules this out; the check keeps it true if the pattern changes.
    if (!file.startsWith(`${root}${path.sep}`)) throw new Error(`Key escapes the storage: ${key}`);
    return file;
  };

  async function head(key: string): Promise<ObjectInfo | null> {
    const file = fileFor(key);
    try {
      const stat = await fsp.stat(file);
      return stat.isFile() ? { size: stat.size, contentType: contentTypeForKey(key) } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    kind: 'local',

    async put(key: string, body: Buffer, contentType: string): Promise<void> {
      assertPutAllowed(key, contentType);
      const file = fileFor(key);
      const temp = path.join(tempDir, randomUUID());
      try {
        const handle = await fsp.open(temp, 'wx', 0o640);
        try {
          await handle.writeFile(body);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fsp.mkdir(path.dirname(file), { recursive: true });
        await fsp.rename(temp, file);
      } catch (error) {
        await fsp.rm(temp, { force: true });
        throw error;
      }
    },

    async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
      const file = fileFor(key);
      const contentType = contentTypeForKey(key);
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(file, 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) return null;
        if (!range) return { body: await handle.readFile(), contentType, size: stat.size };
        const end = Math.min(range.end, stat.size - 1);
        const length = Math.max(0, end - range.start + 1);
        const body = Buffer.alloc(length);
        const { bytesRead } = await handle.read(body, 0, length, range.start);
        return { body: body.subarray(0, bytesRead), contentType, size: stat.size };
      } finally {
        await handle.close();
      }
    },

    head,

    async exists(key: string): Promise<boolean> {
      return (await head(key)) !== null;
    },

    async delete(key: string): Promise<void> {
      await fsp.rm(fileFor(key), { force: true });
    },
  };
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

/** Only old temp files: another process sharing the folder may be writing a fresh one. */
function sweepStaleTemps(tempDir: string): void {
  const cutoff = Date.now() - STALE_TEMP_MS;
  for (const name of fs.readdirSync(tempDir)) {
    const file = path.join(tempDir, name);
    try {
      if (fs.statSync(file).mtimeMs < cutoff) fs.rmSync(file, { force: true });
    } catch {
      // Gone already (another process swept it): nothing to do.
    }
  }
}
