import '../app/locales';
import { afterEach, beforeEach, expect, vi } from 'vitest';

// House style: a test fails on any unexpected console.error.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  expect(errors, 'unexpected console.error').toEqual([]);
});
