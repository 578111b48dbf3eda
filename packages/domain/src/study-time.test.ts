import { describe, expect, it } from 'vitest';
import { creditedStudySeconds, reportedStudySeconds, STUDY_TIME, studyMinutes } from './study-time';

describe('creditedStudySeconds: a report adds at most the time that passed, and at most 120 s', () => {
  it('reports every 30 s, adds at most 120 s, stops after 30 minutes without input (§9)', () => {
    expect(STUDY_TIME).toEqual({
      reportEverySeconds: 30,
      maxReportSeconds: 120,
      idleAfterSeconds: 1800,
    });
  });
  it.each([
    ['the first report, as sent', 30, null, 30],
    ['the first report, capped', 3600, null, 120],
    ['30 s after the last, as sent', 30, 30.4, 30],
    ['a report claiming more than passed', 30, 12.5, 12.5],
    ['a replay at once', 30, 0, 0],
    ['a clock that went back', 30, -5, 0],
    ['a day claimed after a long pause', 86_400, 86_400, 120],
    ['nothing', 0, 60, 0],
    ['negative', -30, 60, 0],
    ['not a number', Number.NaN, 60, 0],
    ['infinite', Number.POSITIVE_INFINITY, 60, 0],
  ])('%s: %d s reported, %s s elapsed → %d s', (_, reported, elapsed, credited) => {
    expect(creditedStudySeconds(reported, elapsed)).toBe(credited);
  });
  it('sixty forged reports in one second add at most 120 s + 1 s', () => {
    let total = 0;
    let last: number | null = null;
    for (let i = 0; i < 60; i++) {
      const now = i / 60;
      total += creditedStudySeconds(3600, last === null ? null : now - last);
      last = now;
    }
    expect(total).toBeLessThanOrEqual(121);
  });
});

describe('reportedStudySeconds: kept to the millisecond', () => {
  it.each([
    ['a whole report', 30, 30],
    ['a screen timer', 29.998_765_4, 29.999],
    ['below a millisecond (a forged 1e-323)', 1e-323, 0],
    ['half a millisecond rounds up', 0.0005, 0.001],
    ['the largest allowed', 3600, 3600],
    ['not a number', Number.NaN, 0],
  ])('%s: %d → %d', (_, sent, kept) => {
    expect(reportedStudySeconds(sent)).toBe(kept);
  });
});

describe('studyMinutes', () => {
  it.each([
    [0, 0],
    [29, 0],
    [30, 1],
    [89, 1],
    [90, 2],
    [1800, 30],
  ])('%d s → %d min', (seconds, minutes) => {
    expect(studyMinutes(seconds)).toBe(minutes);
  });
});
