import type { MediaRule } from '../../platform/media/media-access';
import { FREE_WEEKS } from './plan-view';

/** A week's built files: /media/courses/l{level}w{week}/<name>. */
const WEEK_FILE = /^\/media\/courses\/l(\d)w(\d{1,2})\/[^/]+$/;

/**
 * /media/courses/: the spoken part instructions (guide/) and the free weeks anyone may try
 * (decision 028) are public; every other week's story video, subtitles and narrated lines need
 * the signed URL that the course endpoints hand out to a child whose plan opens it (decision 024).
 */
export function courseMediaRule(): MediaRule {
  return {
    prefix: '/media/courses/',
    async access(path) {
      if (path.startsWith('/media/courses/guide/')) return 'public';
      const match = WEEK_FILE.exec(path);
      if (!match) return 'signed';
      return (FREE_WEEKS as readonly number[]).includes(Number(match[2])) ? 'public' : 'signed';
    },
  };
}
