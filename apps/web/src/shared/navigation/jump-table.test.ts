import { beforeEach, describe, expect, it } from 'vitest';
import { buildJumpPath, fillJumpPath, returnPathFor, slotForPath } from './jump-table';
import { returnHistory } from './return-history';

describe('jump paths (shell-and-account §2 jump helper)', () => {
  it.each([
    ['libraryRead', { bookId: 1101, processId: '003' }, '/library/read/1101/003'],
    ['libraryCnRead', { bookId: 1101, processId: '001' }, '/library/cn_read/1101/001'],
    ['libraryDetail', { bookId: 1101, level: 1, week: 0, day: 0 }, '/library/detail/1101/1/0/0'],
    ['libraryPk', { type: 'speak', bookId: 7, rankId: 9 }, '/library/pk/speak/7/9'],
    ['worksHome', {}, '/works/home'],
    ['worksHome', { userId: 12 }, '/works/home/12'],
    ['libraryFinished', { type: 'repeat', bookId: 7 }, '/library/finished/repeat/7'],
    ['bookshelf', { type: 'recent' }, '/bookshelf/recent'],
  ] as const)('%s %j → %s', (type, params, path) => {
    expect(buildJumpPath(type, params)).toBe(path);
  });

  it('appends extra query values and a hash after a double hash sign', () => {
    expect(
      buildJumpPath(
        'librarySpeak',
        { bookId: 7 },
        { search: { ctn: 1, skip: undefined }, hash: 'top' },
      ),
    ).toBe('/library/speak/7?ctn=1##top');
  });

  it('encodes values and refuses a missing required parameter', () => {
    expect(fillJumpPath('/works/home/:userId?', { userId: 'a b' })).toBe('/works/home/a%20b');
    expect(() => buildJumpPath('libraryRead', { bookId: 7 })).toThrow('needs processId');
  });
});

describe('return-history slots', () => {
  beforeEach(() => window.sessionStorage.clear());

  it.each([
    ['/library/read/1101/003', 'libraryRead'],
    ['/library/cn_read/1101/003', 'libraryRead'],
    ['/library/explain/1101/003', 'libraryExplain'],
    ['/library/pk/speak/7/9', 'librarySpeakPk'],
    ['/library/pk/repeat/7/9', 'libraryRepeatPk'],
    ['/library/detail/1101/1/0/0', 'libraryDetail'],
    ['/words/recite/7', 'wordsRecite'],
    ['/library', null],
  ] as const)('%s is in slot %s', (path, slot) => {
    expect(slotForPath(path)).toBe(slot);
  });

  it('a screen returns to the path recorded for its slot', () => {
    returnHistory.set('libraryRead', '/library/detail/1101/1/0/0');
    expect(returnPathFor('/library/read/1101/004')).toBe('/library/detail/1101/1/0/0');
    expect(returnPathFor('/library/explain/1101/004')).toBeNull();
    returnHistory.clear('libraryRead');
    expect(returnPathFor('/library/read/1101/004')).toBeNull();
  });

  it('only in-app paths are recorded', () => {
    returnHistory.set('libraryRead', 'https://evil.example/');
    expect(returnHistory.get('libraryRead')).toBeNull();
  });
});
