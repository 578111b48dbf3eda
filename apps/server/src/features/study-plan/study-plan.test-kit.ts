import { endpoints, type TCourse, type TCourseAnswer } from '@picbook/contracts';
import { courseItems } from '@picbook/domain';
import type { LightMyRequestResponse } from 'fastify';
import { auth } from '../../../test/auth-helpers';
import { expectOk } from '../../../test/envelope';
import { multipart } from '../../../test/multipart';
import { contentMedia, settableJudge, toneWav } from '../../../test/speech-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { userRights } from '../../platform/db/schema';
import { importSampleBooks } from '../library/library.test-kit';
import { importWeeks, readWeekManifests } from './import-plan';

/**
 * Shared set-up of the study-plan tests: the real app and database with level 1's first two
 * weeks of the built plan (content/media/courses) and their books, and a stand-in judge whose
 * score the test sets. Families are guests with a child; `vip` gives one a planning right.
 */
export const LEVEL = 1;
export const FIRST = { video: 101111, read: 101112, listen: 101113, minor: 101121 } as const;

export interface Family {
  token: string;
  userId: number;
}

export async function startPlanKit() {
  const { judge, state } = settableJudge(80);
  const t: TestApp = await createTestApp({ services: { speechJudge: judge } });
  const { weeks } = readWeekManifests(contentMedia);
  const used = weeks.filter((w) => w.level === LEVEL && w.week <= 2);
  await importSampleBooks(
    t.database.db,
    used.map((w) => w.book_id),
  );
  await importWeeks(t.database.db, used);
  let seq = 0;
  const unique = (p: string) => `${p}-${process.pid}-${++seq}-${Date.now()}`;
  const wav = toneWav(1.2);

  const get = (url: string, family?: Family) =>
    t.app.inject({ url, headers: family ? auth(family.token) : {} });
  const post = (url: string, family: Family, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: auth(family.token), payload });

  const kit = {
    t,
    judge: state,
    get,
    post,
    async family(): Promise<Family> {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/guest_login',
        payload: { device_id: unique('plan-device') },
      });
      const token = expectOk(login, endpoints.guestLogin).access_token;
      const family = { token, userId: 0 };
      family.userId = expectOk(await get('/api/v1/user', family), endpoints.userInfo).id;
      return family;
    },
    async vip(family: Family) {
      await t.database.db.insert(userRights).values({
        userId: family.userId,
        name: 'vip',
        vipType: 1,
        expireTime: new Date(t.clock.now().getTime() + 30 * 86_400_000),
      });
    },
    async course(family: Family, processId: number): Promise<TCourse> {
      return expectOk(
        await get(`/api/v1/learning/process/${processId}`, family),
        endpoints.learningProcess,
      );
    },
    /** A recording of this family through POST /api/v1/speech, judged at `score`. */
    async record(family: Family, text: string, score: number): Promise<string> {
      state.score = score;
      const body = multipart(
        { session_id: unique('s'), seq: 0, is_ended: 1, ref_text: text },
        wav,
        'take.wav',
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/speech',
        headers: { ...auth(family.token), 'content-type': body.contentType },
        payload: body.payload,
      });
      const answer = expectOk(res, endpoints.speech);
      if (!answer.audio_url) throw new Error('no recording');
      return answer.audio_url;
    },
    /**
     * Answers for every item of a course: choices right at the first try (or `wrong`), reading
     * time enough, and recordings judged at `speakScore`.
     */
    async answers(
      family: Family,
      course: TCourse,
      options: { wrong?: boolean; speakScore?: number } = {},
    ): Promise<TCourseAnswer[]> {
      const out: TCourseAnswer[] = [];
      for (const item of courseItems(course.content)) {
        const base = { exam_type: item.examType, score_type: 0 };
        if (item.kind === 'choice' || item.kind === 'spell') {
          const answer = options.wrong ? 'zz' : (item.answer ?? '');
          out.push({ ...base, exam_detail: { id: item.id, answer } });
        } else if (item.kind === 'read') {
          out.push({ ...base, exam_detail: { id: item.id, read_time: item.seconds ?? 0 } });
        } else {
          const url = await kit.record(family, item.texts?.[0] ?? '', options.speakScore ?? 95);
          out.push({ ...base, exam_detail: { id: item.id, audio_url: url } });
        }
      }
      return out;
    },
    submit(
      family: Family,
      course: TCourse,
      answers: TCourseAnswer[],
      studyTime = 600,
    ): Promise<LightMyRequestResponse> {
      return post('/api/v1.2/learning/course', family, {
        uuid: course.uuid,
        process_id: course.process_id,
        study_time: studyTime,
        answers,
        ref: 'planning',
      });
    },
    /** Finishes a course with full marks (answers built as above). */
    async finish(family: Family, processId: number) {
      const course = await kit.course(family, processId);
      return expectOk(
        await kit.submit(family, course, await kit.answers(family, course)),
        endpoints.submitCourse,
      );
    },
    close: () => t.close(),
  };
  return kit;
}
export type PlanKit = Awaited<ReturnType<typeof startPlanKit>>;
