import { endpoints, type TCourseAnswer } from '@picbook/contracts';
import { courseItems } from '@picbook/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../../../test/envelope';
import { type Family, type PlanKit, startPlanKit } from './study-plan.test-kit';

/**
 * The word and sentence exercises (decision 050) scored on the server: week 1's day-3 and day-5
 * minor courses of level 1, opened by finishing the days before them.
 */
let kit: PlanKit;
beforeAll(async () => {
  kit = await startPlanKit();
}, 60_000);
afterAll(() => kit.close());

const WORDS_COURSE = 101322;
const PICTURES_COURSE = 101522;

async function openUpTo(family: Family, day: number) {
  const plan = expectOk(
    await kit.get('/api/v1/study_plan?level=1&type=20', family),
    endpoints.studyPlan,
  );
  for (const stage of plan.weeks[0]?.stages.slice(0, day) ?? []) {
    for (const c of stage.major.courses) {
      const res = await kit.post('/api/v1.2/learning/course', family, {
        uuid: c.uuid,
        process_id: c.process_id,
        study_time: 1,
        answers: [],
      });
      expectOk(res, endpoints.submitCourse);
    }
  }
}

describe('word and sentence exercises in a course', () => {
  it('spelling is scored with a child’s tolerance, choices and orders by the try that was right', async () => {
    const family = await kit.family();
    await openUpTo(family, 3);
    const course = await kit.course(family, WORDS_COURSE);
    expect(course.content.kind).toBe('parts');
    const items = courseItems(course.content);
    expect([...new Set(items.map((i) => i.examType))]).toEqual([4, 5, 6, 7]);
    const spell = items.filter((i) => i.kind === 'spell');
    expect(spell.length).toBeGreaterThan(1);
    const answers: TCourseAnswer[] = items.map((item, n) => {
      const base = { exam_type: item.examType, score_type: 0 };
      const key = item.answer ?? '';
      if (item === spell[0])
        return { ...base, exam_detail: { id: item.id, answer: ` ${key.toUpperCase()}! ` } };
      if (item === spell[1]) return { ...base, exam_detail: { id: item.id, answer: `zzz,${key}` } };
      // The first choice answered wrong, then right; the rest right at once.
      return { ...base, exam_detail: { id: item.id, answer: n === 0 ? `zz,${key}` : key } };
    });
    const result = expectOk(await kit.submit(family, course, answers), endpoints.submitCourse);
    const scoreOf = (id: string | undefined) => result.items.find((i) => i.id === id)?.score;
    expect(scoreOf(items[0]?.id)).toBe(70);
    expect(scoreOf(spell[0]?.id)).toBe(100);
    expect(scoreOf(spell[1]?.id)).toBe(70);
    expect(result.score).toBeGreaterThan(80);
    expect(result.score).toBeLessThan(100);
  });

  it('reading comprehension takes its tries from the tip answers (title-and-tips format)', async () => {
    const family = await kit.family();
    await openUpTo(family, 5);
    const course = await kit.course(family, PICTURES_COURSE);
    const items = courseItems(course.content);
    expect([...new Set(items.map((i) => i.examType))]).toEqual([12, 23, 10]);
    const answers: TCourseAnswer[] = items.map((item) => ({
      exam_type: item.examType,
      score_type: 0,
      exam_detail:
        item.examType === 10
          ? {
              id: item.id,
              title_answer: item.answer,
              tip_answers: ['zz', item.answer ?? ''],
              book_score: 0,
            }
          : { id: item.id, answer: item.answer ?? '' },
    }));
    const result = expectOk(await kit.submit(family, course, answers), endpoints.submitCourse);
    for (const item of items) {
      expect(result.items.find((i) => i.id === item.id)?.score).toBe(
        item.examType === 10 ? 70 : 100,
      );
    }
  });
});
