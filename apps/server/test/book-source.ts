import { stringify } from 'yaml';

/**
 * An operator's book.yaml: a small valid level-1 book (four scene pages, three words) with this id
 * and slug; `extra` overrides fields (to make it invalid, say). Used by the console import tests
 * (server and Playwright).
 */
export function bookYaml(id: number, slug: string, extra: Record<string, unknown> = {}) {
  return stringify({
    id,
    slug,
    title_en: 'Kite Day',
    title_cn: '放风筝',
    level: 1,
    category: 1,
    book_type: 0,
    summary_cn: '乐乐和朵朵在公园里放风筝，风筝飞得高高的。',
    cover: { bg: 'park', cast: [{ who: 'lele', pose: 'wave', x: 0.5 }] },
    pages: [
      {
        sentences: [{ en: 'Lele has a red kite.', zh: '乐乐有一只红风筝。' }],
        scene: { bg: 'park', cast: [{ who: 'lele', pose: 'stand', x: 0.4 }] },
      },
      {
        sentences: [{ en: 'The kite is up high.', zh: '风筝飞得高高的。' }],
        scene: { bg: 'park', cast: [{ who: 'duoduo', pose: 'jump', x: 0.6 }] },
      },
      {
        sentences: [{ en: 'The wind is strong.', zh: '风很大。' }],
        scene: { bg: 'park', cast: [{ who: 'lele', pose: 'run', x: 0.5 }] },
      },
      {
        sentences: [{ en: 'Lele is happy.', zh: '乐乐很开心。' }],
        scene: { bg: 'park', cast: [{ who: 'lele', pose: 'clap', x: 0.5 }] },
      },
    ],
    vocabulary: [
      { word: 'kite', pos: 'n.', meaning_cn: '风筝', example: 'Lele has a red kite.' },
      { word: 'red', pos: 'adj.', meaning_cn: '红色的', example: 'Lele has a red kite.' },
      { word: 'high', pos: 'adj.', meaning_cn: '高的', example: 'The kite is up high.' },
    ],
    ...extra,
  });
}
