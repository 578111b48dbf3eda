import { describe, expect, it } from 'vitest';
import { parseChange } from './change-feed';

describe('parseChange: what the triggers of migration 0018 send', () => {
  it.each([
    ['users:12', { table: 'users', owner: 12 }],
    ['auth_tokens:7', { table: 'auth_tokens', owner: 7 }],
    ['books:*', { table: 'books', owner: null }],
    ['config_entries:*', { table: 'config_entries', owner: null }],
  ])('%s', (payload, change) => {
    expect(parseChange(payload)).toEqual(change);
  });

  it.each(['', 'users', ':12', 'users:', 'users:abc', 'users:-1', 'users:1e3'])(
    'ignores %j',
    (payload) => {
      expect(parseChange(payload)).toBeNull();
    },
  );
});
