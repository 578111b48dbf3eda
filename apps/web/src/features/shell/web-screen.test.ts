import { describe, expect, it } from 'vitest';
import { isOpenablePath, startupWebScreen } from './web-screen';

describe('§2/§4 startup openWeb (role 2 only)', () => {
  it.each<[string, ReturnType<typeof startupWebScreen>]>([
    ['', null],
    ['?openWeb=/act/x', { path: '/act/x', orientation: 2, present: 0, hideTopBar: 0 }],
    ['?openWeb=/act/x&userRole=1', null],
    [
      '?openWeb=https%3A%2F%2Fa.example%2Fp&orientation=1&present=1&hideTopBar=1',
      { path: 'https://a.example/p', orientation: 1, present: 1, hideTopBar: 1 },
    ],
  ])('%s', (search, expected) => expect(startupWebScreen(search)).toEqual(expected));

  it.each([
    ['/act/x', true],
    ['https://a.example', true],
    ['//evil.example', false],
    ['javascript:alert(1)', false],
  ])('%s openable → %s', (path, ok) => expect(isOpenablePath(path)).toBe(ok));
});
