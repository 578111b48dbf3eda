import { describe, expect, it } from 'vitest';
import {
  contentIdOf,
  itemText,
  parseContentId,
  WORK_KIND,
  WORK_TYPE,
  workItemsOf,
  workTypeOfParam,
} from './work-items';

const pages = [
  { page: 2, sentences: ['Tom has a kite.', 'It is red.'] },
  { page: 1, sentences: ['Look!'] },
  { page: 3, sentences: [] },
];

describe('content ids', () => {
  it.each([
    ['p1s1', { page: 1, sentence: 1 }],
    ['p12s3', { page: 12, sentence: 3 }],
    ['p7', { page: 7, sentence: null }],
    ['p0s1', null],
    ['p1s0', null],
    ['P1S1', null],
    ['p1s1x', null],
    ['', null],
  ])('%s → %j', (id, ref) => {
    expect(parseContentId(id)).toEqual(ref);
    if (ref) expect(contentIdOf(ref)).toBe(id);
  });
});

describe('workItemsOf', () => {
  it('repeat: every sentence in reading order', () => {
    expect(workItemsOf(WORK_TYPE.repeat, pages).map((i) => [i.contentId, i.text])).toEqual([
      ['p1s1', 'Look!'],
      ['p2s1', 'Tom has a kite.'],
      ['p2s2', 'It is red.'],
    ]);
  });
  it('speak: every page with text, its sentences joined', () => {
    expect(workItemsOf(WORK_TYPE.speak, pages).map((i) => [i.contentId, i.text])).toEqual([
      ['p1', 'Look!'],
      ['p2', 'Tom has a kite. It is red.'],
    ]);
  });
});

describe('itemText', () => {
  it.each([
    [WORK_TYPE.repeat, 'p2s2', { text: 'It is red.' }],
    [WORK_TYPE.speak, 'p2', { text: 'Tom has a kite. It is red.' }],
    [WORK_TYPE.repeat, 'p2', { error: 'wrong_mode' }],
    [WORK_TYPE.speak, 'p2s1', { error: 'wrong_mode' }],
    [WORK_TYPE.repeat, 'p2s3', { error: 'no_such_item' }],
    [WORK_TYPE.speak, 'p3', { error: 'no_such_item' }],
    [WORK_TYPE.repeat, 'x', { error: 'bad_id' }],
  ] as const)('type %s, %s → %j', (type, id, expected) => {
    expect(itemText(type, id, pages)).toEqual(expected);
  });
});

describe('work type names', () => {
  it.each([
    ['repeat', 1],
    ['speak', 2],
    ['1', 1],
    ['2', 2],
    [undefined, 1],
  ] as const)('%s → %i, and back', (param, type) => {
    expect(workTypeOfParam(param)).toBe(type);
    expect(WORK_KIND[workTypeOfParam(WORK_KIND[type])]).toBe(WORK_KIND[type]);
  });
});
