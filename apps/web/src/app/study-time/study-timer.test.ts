import type { TStudyTimeRequest } from '@picbook/contracts';
import { describe, expect, it } from 'vitest';
import { createStudyTimer, studyScreen } from './study-timer';

describe('studyScreen: the learning screens whose time counts', () => {
  it.each([
    ['/library/read/1101/001', { bookId: 1101, kind: 'read' }],
    ['/library/cn_read/1101/004', { bookId: 1101, kind: 'read' }],
    ['/library/explain/1102/001', { bookId: 1102, kind: 'read' }],
    ['/library/repeat/1101/001', { bookId: 1101, kind: 'repeat' }],
    ['/library/speak/1101', { bookId: 1101, kind: 'speak' }],
    ['/library/pk/repeat/1101/7', { bookId: 1101, kind: 'speak' }],
    ['/library/production/1101/7', { bookId: 1101, kind: 'speak' }],
    ['/words/recite/1101', { bookId: 1101, kind: 'words' }],
    ['/words/detail/1101', { bookId: 1101, kind: 'words' }],
    ['/words/preview/1101', { bookId: 1101, kind: 'words' }],
    // Courses report their own study time; the rest is not learning.
    ['/learning/partContent/101112', null],
    ['/library/detail/1101/1/0/0', null],
    ['/library/finished/read/1101', null],
    ['/library/productionFinished/1101/7', null],
    ['/library', null],
    ['/parents/reportList', null],
    ['/library/read/0/001', null],
    ['/library/reader/1101/001', null],
  ])('%s', (path, screen) => {
    expect(studyScreen(path)).toEqual(screen);
  });
});

function harness() {
  let now = 0;
  const sent: TStudyTimeRequest[] = [];
  const timer = createStudyTimer(
    (r) => sent.push(r),
    () => now,
  );
  return {
    timer,
    sent,
    wait: (seconds: number) => {
      now += seconds * 1000;
    },
  };
}

describe('createStudyTimer', () => {
  it('counts a learning screen and sends on each flush, on leaving and per screen', () => {
    const { timer, sent, wait } = harness();
    timer.setScreen({ bookId: 1101, kind: 'read' });
    wait(30);
    timer.flush();
    wait(12);
    timer.setScreen({ bookId: 1101, kind: 'repeat' });
    wait(20);
    timer.setScreen(null);
    wait(100);
    timer.flush();
    expect(sent).toEqual([
      { book_id: 1101, kind: 'read', seconds: 30 },
      { book_id: 1101, kind: 'read', seconds: 12 },
      { book_id: 1101, kind: 'repeat', seconds: 20 },
    ]);
  });

  it('the same screen again (a page turn) keeps counting; nothing is sent for nothing', () => {
    const { timer, sent, wait } = harness();
    timer.flush();
    timer.setScreen({ bookId: 1101, kind: 'read' });
    wait(10);
    timer.setScreen({ bookId: 1101, kind: 'read' });
    wait(10);
    timer.flush();
    timer.flush();
    expect(sent).toEqual([{ book_id: 1101, kind: 'read', seconds: 20 }]);
  });

  it('hidden time does not count; hiding sends what was counted', () => {
    const { timer, sent, wait } = harness();
    timer.setScreen({ bookId: 1101, kind: 'read' });
    wait(15);
    timer.setVisible(false);
    wait(600);
    timer.flush();
    timer.setVisible(true);
    wait(5);
    timer.flush();
    expect(sent.map((r) => r.seconds)).toEqual([15, 5]);
  });

  it('stops counting 30 minutes after the last input, and counts again from the next one', () => {
    const { timer, sent, wait } = harness();
    timer.setScreen({ bookId: 1101, kind: 'read' });
    wait(3600);
    timer.flush();
    wait(60);
    timer.touch();
    wait(30);
    timer.flush();
    expect(sent.map((r) => r.seconds)).toEqual([1800, 30]);
  });
});
