import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite keeps the whole database in one process; a second process writing the same folder
 * would corrupt it. The server marks the data folder while it runs; tools that open the
 * database directly (content:import) refuse while the mark belongs to a live process.
 */
const lockFile = (dataDir: string) => path.join(dataDir, 'pglite', 'picbook-server.pid');

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export function assertDataDirFree(dataDir: string): void {
  const file = lockFile(dataDir);
  if (!fs.existsSync(file)) return;
  const pid = Number(fs.readFileSync(file, 'utf8'));
  if (pid && pid !== process.pid && isAlive(pid)) {
    throw new Error(
      `PicBook (pid ${pid}) is using the embedded database in ${dataDir}; stop it first, or use DATABASE_URL=postgres://… so both can run.`,
    );
  }
}

/** Marks the data folder as in use by this process; returns the function that releases it. */
export function claimDataDir(dataDir: string): () => void {
  assertDataDirFree(dataDir);
  const file = lockFile(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.rmSync(file);
    } catch {
      // Already gone.
    }
  };
}
