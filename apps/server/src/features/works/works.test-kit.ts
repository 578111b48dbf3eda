import { endpoints } from '@picbook/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { auth } from '../../../test/auth-helpers';
import { expectOk } from '../../../test/envelope';
import { multipart } from '../../../test/multipart';
import { settableJudge, toneWav } from '../../../test/speech-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { importSampleBooks } from '../library/library.test-kit';

/**
 * Shared set-up of the works tests: the real app and database with four books of the sample
 * library and a stand-in judge whose score the test sets. Families are guests with a child
 * profile (cheap to make, and a guest deletes the account without a code); works are made
 * through POST /api/v1/audio like the app makes them.
 *
 * Book 1101 The Red Kite (level 1) has 5 pages of one sentence each, so one recorded sentence
 * scoring x gives the work ceil(x / 5); 1102 is another level-1 book, 1201 a level-2 book, and
 * 1106 a members-only book (locked for ordinary users).
 */
export const BOOK = { kite: 1101, second: 1102, level2: 1201, members: 1106 } as const;
/** Regions of the seeded configs: 214 北京, 222 上海. */
export const REGION = { beijing: 214, shanghai: 222 } as const;

export interface Family {
  token: string;
  userId: number;
  nickname: string;
}

export interface WorksKit {
  t: TestApp;
  /** A guest account with a child; `isPublic` sets the guardian's consent. */
  family(nickname: string, options?: { isPublic?: boolean; region?: number }): Promise<Family>;
  setPublic(family: Family, consented: 0 | 1): Promise<void>;
  /**
   * Records one item of a run (a new run unless `uuid` is given) with the judge answering
   * `score`; answers the work id and the recording's URL.
   */
  record(
    family: Family,
    score: number,
    options?: { book?: number; type?: 1 | 2; page?: number; uuid?: string; audio?: string },
  ): Promise<{ workId: number; audioUrl: string; uuid: string }>;
  get(url: string, family?: Family): Promise<LightMyRequestResponse>;
  post(url: string, family: Family, payload?: object): Promise<LightMyRequestResponse>;
  del(url: string, family: Family): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startWorksKit(): Promise<WorksKit> {
  const { judge, state } = settableJudge(0);
  const t = await createTestApp({ services: { speechJudge: judge } });
  await importSampleBooks(t.database.db, Object.values(BOOK));
  const wav = toneWav(1.2);
  let seq = 0;
  const unique = (prefix: string) => `${prefix}-${process.pid}-${++seq}-${Date.now()}`;

  const get = (url: string, family?: Family) =>
    t.app.inject({ url, headers: family ? auth(family.token) : {} });
  const post = (url: string, family: Family, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: auth(family.token), payload });
  const del = (url: string, family: Family) =>
    t.app.inject({ method: 'DELETE', url, headers: auth(family.token) });

  const kit: WorksKit = {
    t,
    async family(nickname, options = {}) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/guest_login',
        payload: { device_id: unique('works-device') },
      });
      const token = expectOk(login, endpoints.guestLogin).access_token;
      const family: Family = { token, userId: 0, nickname };
      expectOk(
        await post('/api/v1/child', family, {
          nickname,
          birthday: '2018-06-01',
          gender: 1,
          region: options.region ?? REGION.beijing,
          avatar: '/media/avatars/boy-1.svg',
          consent: 1,
        }),
        endpoints.saveChild,
      );
      family.userId = expectOk(await get('/api/v1/user', family), endpoints.userInfo).id;
      if (options.isPublic) await kit.setPublic(family, 1);
      return family;
    },
    async setPublic(family, consented) {
      expectOk(
        await post('/api/v1/user/public_works', family, { consented }),
        endpoints.setPublicWorks,
      );
    },
    async record(family, score, options = {}) {
      const type = options.type ?? 1;
      const page = options.page ?? 1;
      const uuid = options.uuid ?? unique('run');
      state.score = score;
      const body = multipart(
        {
          uuid,
          book_id: options.book ?? BOOK.kite,
          secondary_id: page,
          content_id: type === 1 ? `p${page}s1` : `p${page}`,
          type,
          ...(options.audio ? { audio: options.audio } : {}),
        },
        options.audio ? undefined : wav,
        'take.wav',
        'audio',
      );
      const answer = expectOk(
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/audio',
          headers: { ...auth(family.token), 'content-type': body.contentType },
          payload: body.payload,
        }),
        endpoints.audio,
      );
      if (answer.work_id === null) throw new Error(`recording not filed: ${answer.verdict}`);
      return { workId: answer.work_id, audioUrl: answer.audio_url, uuid };
    },
    get,
    post,
    del,
    close: () => t.close(),
  };
  return kit;
}
