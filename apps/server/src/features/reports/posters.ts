import path from 'node:path';
import { ErrorCode, type TPoster } from '@picbook/contracts';
import { asc, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import sharp, { type OverlayOptions } from 'sharp';
import { books, children } from '../../platform/db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { newObjectKey } from '../../platform/storage/keys';
import { signedUploadUrl } from '../../platform/storage/serve-uploads';
import { courseReport } from './course-reports';
import { bookReport } from './learning-reports';

/**
 * Report posters (decision 063), rendered on this server: an SVG card (the fonts of the machine,
 * CJK included) rasterised by sharp, with the book's cover and a QR code (`qrcode`, decision 061)
 * to the product composited in; the PNG is stored like a recording and answered as a URL signed
 * for the family. No outside host is asked.
 */
export const POSTER = { width: 750, height: 1100 } as const;

const esc = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

interface PosterContent {
  heading: string;
  title: string;
  subtitle: string;
  big: string;
  bigUnit: string;
  stars: number;
  lines: string[];
  cover: string;
}

function starPath(cx: number, cy: number, r: number): string {
  const pts = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    return `${(cx + radius * Math.cos(a)).toFixed(1)},${(cy + radius * Math.sin(a)).toFixed(1)}`;
  });
  return `M${pts.join('L')}Z`;
}

function posterSvg(c: PosterContent): string {
  const { width: w, height: h } = POSTER;
  const font = `font-family="Noto Sans CJK SC, WenQuanYi Zen Hei, sans-serif"`;
  const stars = [0, 1, 2]
    .map(
      (i) =>
        `<path d="${starPath(w / 2 + (i - 1) * 70, 700, 28)}" fill="${i < c.stars ? '#ffc23d' : '#f1e6d6'}" stroke="${i < c.stars ? '#e9a514' : '#e3d6c3'}" stroke-width="4"/>`,
    )
    .join('');
  const lines = c.lines
    .slice(0, 4)
    .map(
      (line, i) =>
        `<text x="${w / 2}" y="${790 + i * 38}" ${font} font-size="26" fill="#5b4a3a" text-anchor="middle">${esc(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <rect width="${w}" height="${h}" fill="#ffe9b8"/>
  <rect x="30" y="30" width="${w - 60}" height="${h - 60}" rx="36" fill="#fffaf0"/>
  <text x="${w / 2}" y="100" ${font} font-size="34" font-weight="bold" fill="#f08a24" text-anchor="middle">${esc(c.heading)}</text>
  <rect x="${w / 2 - 170}" y="130" width="340" height="340" rx="24" fill="#f4ead9"/>
  <text x="${w / 2}" y="530" ${font} font-size="36" font-weight="bold" fill="#3d2f22" text-anchor="middle">${esc(c.title)}</text>
  <text x="${w / 2}" y="572" ${font} font-size="24" fill="#8a7563" text-anchor="middle">${esc(c.subtitle)}</text>
  <text x="${w / 2}" y="655" ${font} font-size="72" font-weight="bold" fill="#f08a24" text-anchor="middle">${esc(c.big)}<tspan font-size="30">${esc(c.bigUnit)}</tspan></text>
  ${stars}
  ${lines}
  <text x="250" y="1000" ${font} font-size="26" fill="#5b4a3a">扫码一起读绘本</text>
  <text x="250" y="1040" ${font} font-size="22" fill="#8a7563">PicBook 儿童英语绘本</text>
</svg>`;
}

async function coverImage(deps: AppDeps, cover: string): Promise<Buffer | null> {
  const relative = cover.replace(/^\/media\//, '');
  for (const root of [deps.config.dataMediaDir, deps.config.mediaDir]) {
    const file = path.resolve(root, relative);
    if (!file.startsWith(`${root}${path.sep}`)) continue;
    try {
      return await sharp(file).resize(320, 320, { fit: 'cover' }).png().toBuffer();
    } catch {
      // Not in this root: try the next.
    }
  }
  return null;
}

async function renderPoster(deps: AppDeps, content: PosterContent, link: string) {
  const qr = await QRCode.toBuffer(link, {
    type: 'png',
    width: 170,
    margin: 1,
    errorCorrectionLevel: 'M',
  });
  const cover = await coverImage(deps, content.cover);
  const layers: OverlayOptions[] = [{ input: qr, left: 60, top: 890 }];
  if (cover) layers.unshift({ input: cover, left: POSTER.width / 2 - 160, top: 140 });
  return sharp(Buffer.from(posterSvg(content)))
    .composite(layers)
    .png()
    .toBuffer();
}

async function nicknameOf(deps: AppDeps, userId: number): Promise<string> {
  const [child] = await deps.db
    .select({ nickname: children.nickname })
    .from(children)
    .where(eq(children.userId, userId))
    .orderBy(asc(children.id))
    .limit(1);
  return child?.nickname || '宝贝';
}

/**
 * POST /api/poster and /api/poster/v2: a poster of one of this family's reports (user_id must
 * be the caller: another family's poster is refused like a missing report, 10024).
 */
export async function makePoster(
  deps: AppDeps,
  userId: number,
  body: { id: number; user_id: number; arg: 'course' | 'book' },
  origin: string,
): Promise<TPoster> {
  if (body.user_id !== userId) {
    throw new AppError(ErrorCode.RecordNotFound, '这份学习报告不存在');
  }
  const nickname = await nicknameOf(deps, userId);
  let content: PosterContent;
  if (body.arg === 'course') {
    const report = await courseReport(deps, userId, body.id);
    const minutes = Math.max(1, Math.round(report.study_time / 60));
    content = {
      heading: `${nickname}的学习报告`,
      title: report.course.title_cn,
      subtitle: report.course.title_en,
      big: String(report.score),
      bigUnit: ' 分',
      stars: report.stars,
      lines: [`用时 ${minutes} 分钟 · 完成 ${report.items.filter((i) => i.answered).length} 题`],
      cover: await coverOf(deps, report.course.book_id),
    };
  } else {
    const report = await bookReport(deps, userId, body.id);
    const done = report.courses.filter((c) => c.stars > 0);
    const score =
      done.length === 0 ? 0 : Math.round(done.reduce((s, c) => s + c.score, 0) / done.length);
    content = {
      heading: `${nickname}的绘本报告`,
      title: report.book.title_cn,
      subtitle: report.book.title_en,
      big: String(score),
      bigUnit: ' 分',
      stars: Math.min(
        3,
        Math.round(done.reduce((s, c) => s + c.stars, 0) / Math.max(1, done.length)),
      ),
      lines: [
        `完成课程 ${done.length}/${report.courses.length} 节`,
        `学会单词 ${report.words.learned}/${report.words.total} 个`,
      ],
      cover: report.book.cover.image,
    };
  }
  const png = await renderPoster(deps, content, `${origin}/`);
  const key = newObjectKey('posters', 'png');
  await deps.storage.put(key, png, 'image/png');
  return {
    url: signedUploadUrl(deps.urlSigner, key, 'family'),
    width: POSTER.width,
    height: POSTER.height,
  };
}

async function coverOf(deps: AppDeps, bookId: number): Promise<string> {
  const [book] = await deps.db
    .select({ cover: books.cover })
    .from(books)
    .where(eq(books.id, bookId))
    .limit(1);
  return book?.cover.image ?? '';
}
