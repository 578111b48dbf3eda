import type { PopupPoint } from '@picbook/domain';
import { describe, expect, it } from 'vitest';
import { popupPointFor } from './popup-points';

describe('the eight popup points of §4, by navigation', () => {
  it.each<[string | null, string, PopupPoint | null]>([
    [null, '/library', 'coldBootToHome'],
    [null, '/learning', 'coldBootToHome'],
    [null, '/library/read/1/2', null],
    ['/parents/center', '/library', 'parentToHome'],
    ['/parents/store', '/words', 'parentToHome'],
    ['/library', '/parents/center', 'parent'],
    ['/parents/store', '/parents/center', null],
    ['/learning/finish/1/1/1/a/1', '/learning', 'learningStageFinishToHome'],
    ['/learning/video/12', '/learning', 'learningCourseFinishToHome'],
    ['/learning/partContent/12', '/library', 'learningCourseFinishToHome'],
    ['/library/finished/1/1101', '/library', 'libraryFinishToHome'],
    ['/library/finished2/1/1101', '/library', 'libraryFinishToHome'],
    ['/library/detail/1101/1/0/0', '/library', 'home'],
    ['/library', '/learning', null],
    ['/library', '/library/detail/1101/1/0/0', null],
  ])('%s → %s: %s', (previous, next, point) => expect(popupPointFor(previous, next)).toBe(point));
});
