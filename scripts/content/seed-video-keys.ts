/**
 * One-off for builds from before video.json: records each built week's story video with the key
 * of the book it was made from (the committed videos were built from the committed books), so a
 * course edit does not remake every video. `tsx scripts/content/seed-video-keys.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readManifestFile } from './book-builder';
import { videoKey } from './course-builder';

const media = path.resolve(import.meta.dirname, '../../content/media');
for (const folder of fs.readdirSync(path.join(media, 'courses'))) {
  const file = path.join(media, 'courses', folder, 'manifest.json');
  if (!fs.existsSync(file)) continue;
  const week = JSON.parse(fs.readFileSync(file, 'utf8'));
  const video = week.courses.find((c: { content: { kind: string } }) => c.content.kind === 'video')
    ?.content.video;
  const book = readManifestFile(path.join(media, 'books', String(week.book_id), 'manifest.json'));
  if (!video || !book) continue;
  fs.writeFileSync(
    path.join(media, 'courses', folder, 'video.json'),
    `${JSON.stringify({ key: videoKey(book), video })}\n`,
  );
  console.log(folder, 'video recorded');
}
