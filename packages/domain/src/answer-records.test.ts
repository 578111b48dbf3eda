import { describe, expect, it } from 'vitest';
import { answerFormat, toAnswerPayload, toAnswerPayloads } from './answer-records';

describe('answer format by exam type (spec §5)', () => {
  it.each([
    [-1, 'speak'],
    [-2, 'speak'],
    [20, 'speak'],
    [28, 'speak'],
    [29, 'speak'],
    ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 23, 25, 26, 27].map((t) => [t, 'standard'] as const),
    [21, 'read_time'],
    [24, 'text'],
    [10, 'title_tips'],
    [11, 'title_tips'],
    [13, null],
    [22, null],
    [0, null],
  ] as Array<[number, string | null]>)('exam type %i → %s', (examType, format) => {
    expect(answerFormat(examType)).toBe(format);
  });
});

describe('toAnswerPayload', () => {
  it('speak: sentence, audio, score, duration, reward', () => {
    expect(
      toAnswerPayload({
        examType: 20,
        id: 7,
        scoreType: 1,
        sentenceId: 'p2s1',
        audioUrl: '/uploads/rec/a.wav',
        score: 88,
        duration: 2.4,
        reward: 2,
      }),
    ).toEqual({
      exam_type: 20,
      score_type: 1,
      exam_detail: {
        id: 7,
        sentence_id: 'p2s1',
        audio_url: '/uploads/rec/a.wav',
        score: 88,
        duration: 2.4,
        reward: 2,
      },
    });
  });

  it('standard: score, use time, errors, answer type, reward, reason and the tries chosen', () => {
    expect(
      toAnswerPayload({
        examType: 3,
        id: 'q1',
        score: 100,
        useTime: 12,
        errorNum: 1,
        answerType: 2,
        reward: 3,
        reason: 'ok',
        answer: 'b,a',
      }),
    ).toEqual({
      exam_type: 3,
      score_type: 0,
      exam_detail: {
        id: 'q1',
        score: 100,
        use_time: 12,
        error_num: 1,
        answer_type: 2,
        reward: 3,
        reason: 'ok',
        answer: 'b,a',
      },
    });
  });

  it('21 read time, 24 answer and sentence, 10 and 11 title and tips (10 with book score)', () => {
    expect(toAnswerPayload({ examType: 21, id: 1, readTime: 95 })?.exam_detail).toEqual({
      id: 1,
      read_time: 95,
    });
    expect(
      toAnswerPayload({ examType: 24, id: 2, answer: 'red', sentence: 'I see a red kite.' })
        ?.exam_detail,
    ).toEqual({
      id: 2,
      answer: 'red',
      sentence: 'I see a red kite.',
    });
    expect(
      toAnswerPayload({ examType: 10, id: 3, title_answer: 'A', tip_answers: ['B'], bookScore: 80 })
        ?.exam_detail,
    ).toEqual({
      id: 3,
      title_answer: 'A',
      tip_answers: ['B'],
      book_score: 80,
    });
    expect(
      toAnswerPayload({ examType: 11, id: 4, title_answer: 'A', bookScore: 80 })?.exam_detail,
    ).toEqual({
      id: 4,
      title_answer: 'A',
      tip_answers: [],
    });
  });

  it('a list drops unknown exam types', () => {
    expect(
      toAnswerPayloads([
        { examType: 99, id: 1 },
        { examType: 21, id: 2, readTime: 3 },
      ]),
    ).toHaveLength(1);
  });
});
