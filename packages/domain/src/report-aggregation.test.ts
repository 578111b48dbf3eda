import { describe, expect, it } from 'vitest';
import {
  mergeRedo,
  partAccuracy,
  soundStrengths,
  soundUnits,
  wasActive,
  weeklySummaryText,
  weeklyTrend,
  weekStart,
} from './report-aggregation';

const item = (id: string, score: number, answered = true) => ({ id, score, answered });

describe('partAccuracy', () => {
  it.each([
    [
      [item('1.1', 100), item('1.2', 50), item('2.1', 0, false)],
      [
        { part: 1, score: 75, answered: 2, total: 2 },
        { part: 2, score: 0, answered: 0, total: 1 },
      ],
    ],
    [
      [item('3.1', 80), item('1.1', 90)],
      [
        { part: 1, score: 90, answered: 1, total: 1 },
        { part: 3, score: 80, answered: 1, total: 1 },
      ],
    ],
    [[], []],
  ])('%j', (items, parts) => {
    expect(partAccuracy(items)).toEqual(parts);
  });
});

describe('mergeRedo: only a better answered score replaces', () => {
  const before = [item('1.1', 60), item('1.2', 90), item('2.1', 0, false)];
  it.each([
    [[item('1.1', 80)], [80, 90, 0], ['1.1']],
    [[item('1.2', 70)], [60, 90, 0], []],
    [[item('1.1', 100, false)], [60, 90, 0], []],
    [[item('2.1', 55), item('1.1', 60)], [60, 90, 55], ['2.1']],
    [[item('9.9', 100)], [60, 90, 0], []],
  ])('redo %j → scores %j, improved %j', (redo, scores, improved) => {
    const merged = mergeRedo(before, redo);
    expect(merged.items.map((i) => i.score)).toEqual(scores);
    expect(merged.improved).toEqual(improved);
  });
});

describe('weeks', () => {
  it.each([
    ['2026-11-23', '2026-11-23'],
    ['2026-11-29', '2026-11-23'],
    ['2026-11-30', '2026-11-30'],
    ['2026-01-01', '2025-12-29'],
  ])('weekStart(%s) = %s', (day, monday) => {
    expect(weekStart(day)).toBe(monday);
  });
  it('weeklyTrend averages per week in order', () => {
    expect(
      weeklyTrend([
        { day: '2026-11-30', score: 90 },
        { day: '2026-11-24', score: 60 },
        { day: '2026-11-25', score: 71 },
      ]),
    ).toEqual([
      { week: '2026-11-23', score: 66, count: 2 },
      { week: '2026-11-30', score: 90, count: 1 },
    ]);
  });
});

describe('sounds', () => {
  it.each([
    ['ship', ['sh', 'i', 'p']],
    ['Night!', ['n', 'igh', 't']],
    ['tree', ['t', 'r', 'ee']],
    ['the', ['th', 'e']],
  ])('soundUnits(%s) = %j', (word, units) => {
    expect(soundUnits(word)).toEqual(units);
  });
  it('strongest and weakest by mean score, rare sounds left out', () => {
    const { strongest, weakest } = soundStrengths(
      [
        { text: 'she sees', score: 90 },
        { text: 'ship', score: 80 },
        { text: 'the tree', score: 40 },
        { text: 'three', score: 50 },
      ],
      2,
    );
    // sh 85 (2), e 65 (2), ee 60 (3), th 45 (2), r 45 (2); s, t, i, p heard once.
    expect(strongest.map((s) => s.sound)).toEqual(['sh', 'e']);
    expect(weakest.map((s) => s.sound)).toEqual(['r', 'th']);
    expect(weakest[0]).toEqual({ sound: 'r', score: 45, count: 2 });
  });
});

describe('weekly summary', () => {
  const week = {
    minutesByDay: [
      { day: '2026-11-23', minutes: 12 },
      { day: '2026-11-25', minutes: 8 },
    ],
    courses: 3,
    books: 1,
    sentences: 14,
    words: 6,
    meanScore: 88,
  };
  it('names the week’s numbers', () => {
    expect(weeklySummaryText('乐乐', week)).toBe(
      '乐乐本周学习了 2 天，共 20 分钟，完成课程 3 节，读完绘本 1 本，跟读句子 14 句，复习单词 6 个，课程平均得分 88 分。',
    );
  });
  it.each([
    [
      { title: '小猪佩奇', text: 'I like muddy puddles.', score: 96 },
      '最棒的一句：《小猪佩奇》“I like muddy puddles.”96 分。',
    ],
    [
      { title: '长句', text: 'a'.repeat(50), score: 80 },
      `最棒的一句：《长句》“${'a'.repeat(39)}…”80 分。`,
    ],
    [{ title: '无文字', text: '', score: 70 }, ''],
    [null, ''],
  ])('quotes the best recording %#', (best, quote) => {
    expect(weeklySummaryText('乐乐', week, best)).toBe(
      `乐乐本周学习了 2 天，共 20 分钟，完成课程 3 节，读完绘本 1 本，跟读句子 14 句，复习单词 6 个，课程平均得分 88 分。${quote}`,
    );
  });
  const idle = { ...week, minutesByDay: [], courses: 0, books: 0, sentences: 0, words: 0 };
  it.each([
    [week, true],
    [idle, false],
    [{ ...idle, words: 1 }, true],
    [{ ...idle, sentences: 1 }, true],
  ])('active %#', (w, active) => {
    expect(wasActive(w)).toBe(active);
  });
});
