import type { TCourseContent } from '@picbook/contracts';
import { describe, expect, it } from 'vitest';
import { answerFormat } from './answer-records';
import {
  choiceScore,
  courseItems,
  courseRewardState,
  courseRewardWorth,
  courseScore,
  courseStars,
  openAnswerScore,
  PART_EXAM_TYPES,
  readScore,
} from './course-scoring';

describe('part types → exam types and their answer formats (§5, decision 029)', () => {
  it.each([
    ['book_read', 21, 'read_time'],
    ['auto_reading', 21, 'read_time'],
    ['listen_repeat', 20, 'speak'],
    ['repeat_self', 28, 'speak'],
    ['repeat_train_b', 29, 'speak'],
    ['production', -2, 'speak'],
    ['open_question', -1, 'speak'],
    ['look_picture', 1, 'standard'],
    ['listen_train', 2, 'standard'],
    ['subject_content', 3, 'standard'],
    ['word_preview', 4, 'standard'],
    ['word_match', 5, 'standard'],
    ['word_spell', 6, 'standard'],
    ['word_vacancy', 7, 'standard'],
    ['sentence_match', 8, 'standard'],
    ['fill_blank', 9, 'standard'],
    ['reading_comprehension', 10, 'title_tips'],
    ['image_classify', 12, 'standard'],
    ['image_sort', 23, 'standard'],
    ['sentence_spell', 24, 'text'],
  ] as const)('%s → %i (%s format)', (type, examType, format) => {
    expect(PART_EXAM_TYPES[type]).toBe(examType);
    expect(answerFormat(examType)).toBe(format);
  });
});

const pic = { image: 'i', image_small: 's', placeholder: 'p' };
const sentence = (id: string, en: string) => ({
  id,
  page: 1,
  en,
  zh: '中',
  audio: 'a',
  duration: 1,
  words: [],
  picture: pic,
});
const guide = { text_cn: '听', audio: 'g' };
const content: TCourseContent = {
  kind: 'parts',
  parts: [
    {
      type: 'book_read',
      part: 1,
      title_cn: '读',
      guide,
      pages: [
        { ...pic, page: 1, audio: 'a', duration: 4, sentences: [], words: [] },
        { ...pic, page: 2, audio: 'a', duration: 6, sentences: [], words: [] },
      ],
    },
    {
      type: 'listen_repeat',
      part: 2,
      title_cn: '跟读',
      guide,
      sentences: [sentence('p1s1', 'It is a windy day.'), sentence('p2s1', 'Dad has a red kite.')],
    },
    {
      type: 'look_picture',
      part: 3,
      title_cn: '看图',
      guide,
      questions: [
        {
          picture: pic,
          question_cn: '选一选',
          choices: [
            { key: 'a', en: 'x', audio: 'a', duration: 1 },
            { key: 'b', en: 'y', audio: 'a', duration: 1 },
          ],
          answer: 'b',
        },
      ],
    },
    {
      type: 'open_question',
      part: 4,
      title_cn: '说',
      guide,
      picture: pic,
      question: { en: 'What?', audio: 'a', duration: 1 },
      question_cn: '什么',
      answers: [
        { en: 'A kite.', audio: 'a', duration: 1 },
        { en: 'A bird.', audio: 'a', duration: 1 },
      ],
    },
  ],
};

describe('course items', () => {
  it('one id per scored item: part.item, with what scores it', () => {
    expect(courseItems(content)).toEqual([
      { id: '1.1', part: 1, examType: 21, kind: 'read', seconds: 5 },
      { id: '2.1', part: 2, examType: 20, kind: 'speak', texts: ['It is a windy day.'] },
      { id: '2.2', part: 2, examType: 20, kind: 'speak', texts: ['Dad has a red kite.'] },
      { id: '3.1', part: 3, examType: 1, kind: 'choice', answer: 'b' },
      {
        id: '4.1',
        part: 4,
        examType: -1,
        kind: 'speak',
        texts: ['A kite.', 'A bird.'],
        open: true,
      },
    ]);
  });
  it('a video course is one read-time item: 80 % of the video', () => {
    expect(
      courseItems({
        kind: 'video',
        video: { url: 'v', poster: 'p', subtitles: 's', duration: 20, width: 640, height: 360 },
      }),
    ).toEqual([{ id: '1.1', part: 1, examType: 21, kind: 'read', seconds: 16 }]);
  });
});

describe('scoring', () => {
  it.each([
    ['b', 'b', 100],
    ['a,b', 'b', 70],
    ['a,c,b', 'b', 50],
    ['a,c', 'b', 0],
    ['', 'b', 0],
  ])('choice tries "%s" (answer %s) → %i', (tries, answer, score) =>
    expect(choiceScore(tries, answer)).toBe(score),
  );

  it.each([
    [10, 10, 100],
    [20, 10, 100],
    [5, 10, 50],
    [0, 10, 0],
    [1, 0, 100],
  ])('read %i s of %i s needed → %i', (s, need, score) => expect(readScore(s, need)).toBe(score));

  it.each([
    [[40, 85], true, 85],
    [[20, 30], true, 60],
    [[20, 30], false, 30],
    [[], false, 0],
  ])('open answer judged %j, spoke %s → %i', (judged, spoke, score) =>
    expect(openAnswerScore(judged, spoke)).toBe(score),
  );

  it('course score: mean of the parts, each the mean of its items', () => {
    expect(
      courseScore([
        { id: '1.1', part: 1, score: 100, answered: true },
        { id: '2.1', part: 2, score: 90, answered: true },
        { id: '2.2', part: 2, score: 50, answered: true },
      ]),
    ).toBe(85);
    expect(courseScore([])).toBe(0);
  });

  it.each([
    [95, 3, { coins: 3, diamonds: 1 }],
    [90, 3, { coins: 3, diamonds: 1 }],
    [89, 2, { coins: 2, diamonds: 0 }],
    [70, 2, { coins: 2, diamonds: 0 }],
    [50, 1, { coins: 1, diamonds: 0 }],
    [49, 0, { coins: 0, diamonds: 0 }],
  ])('score %i → %i stars, worth %j (§5 tiers 90/70/50)', (score, stars, worth) => {
    expect(courseStars(score)).toBe(stars);
    expect(courseRewardWorth(score, { max_coins: 3, diamonds_three_stars: 1 })).toEqual(worth);
  });
});

describe('what a course finish says about its reward (issue 39)', () => {
  const none = { coins: 0, diamonds: 0 };
  it.each([
    ['first finish with stars', { coins: 2, diamonds: 0 }, { coins: 2, diamonds: 0 }, 'paid'],
    ['first finish with 0 stars', none, none, 'not_earned'],
    ['0 stars again, never paid', none, none, 'not_earned'],
    [
      'better re-try pays the difference',
      { coins: 1, diamonds: 1 },
      { coins: 3, diamonds: 1 },
      'paid',
    ],
    ['same or worse re-try', none, { coins: 2, diamonds: 0 }, 'collected'],
  ] as const)('%s', (_case, now, inAll, state) => {
    expect(courseRewardState(now, inAll)).toBe(state);
  });
});

describe('the word and sentence exercises as scored items (issue 13)', () => {
  const guide = { text_cn: '听', audio: 'g' };
  const word = (w: string) => ({
    word: w,
    pos: 'n.',
    meaning_cn: '词',
    audio: 'a',
    example: sentence('p1s1', `A ${w}.`),
  });
  const content: TCourseContent = {
    kind: 'parts',
    parts: [
      {
        type: 'word_spell',
        part: 1,
        title_cn: '拼',
        guide,
        words: [{ ...word('kite'), keys: ['k'], answer: 'kite' }],
      },
      {
        type: 'sentence_spell',
        part: 2,
        title_cn: '排',
        guide,
        questions: [
          {
            sentence: sentence('p1s1', 'I see it.'),
            tiles: [
              { key: 'a', text: 'see' },
              { key: 'b', text: 'I' },
              { key: 'c', text: 'it' },
            ],
            answer: 'bac',
          },
        ],
      },
      {
        type: 'image_sort',
        part: 3,
        title_cn: '排',
        guide,
        pictures: [],
        answer: 'cab',
      },
      {
        type: 'image_classify',
        part: 4,
        title_cn: '分',
        guide,
        groups: [],
        items: [
          { ...word('kite'), answer: 'thing' },
          { ...word('run'), answer: 'action' },
        ],
      },
    ],
  };
  it('each item with its exam type, kind and key', () => {
    expect(courseItems(content).map((i) => [i.id, i.examType, i.kind, i.answer])).toEqual([
      ['1.1', 6, 'spell', 'kite'],
      ['2.1', 24, 'choice', 'bac'],
      ['3.1', 23, 'choice', 'cab'],
      ['4.1', 12, 'choice', 'thing'],
      ['4.2', 12, 'choice', 'action'],
    ]);
  });
  it.each([
    ['bac', 'bac', 100],
    ['abc,bac', 'bac', 70],
    ['abc,cba,acb', 'bac', 0],
  ])('an order "%s" against %s → %i', (tries, key, score) => {
    expect(choiceScore(tries, key)).toBe(score);
  });
});
