import path from 'node:path';
import { contentMedia } from '../../../test/speech-kit';
import type { Db } from '../../platform/db/client';
import { importManifests, readManifest } from './import-books';

/** Imports sample books by id into a test database. */
export async function importSampleBooks(db: Db, ids: readonly number[]): Promise<void> {
  const manifests = ids.map((id) => {
    const { manifest, problems } = readManifest(
      path.join(contentMedia, 'books', String(id), 'manifest.json'),
      contentMedia,
    );
    if (!manifest) throw new Error(JSON.stringify(problems));
    return manifest;
  });
  await importManifests(db, manifests);
}
