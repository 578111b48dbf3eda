import { afterEach, beforeEach, expect, type MockInstance, vi } from 'vitest';

/**
 * Shared setup of every Vitest project (house style): a test fails on any console.error it did
 * not expect. A test that expects one says so with its own
 * `vi.spyOn(console, 'error').mockImplementation(() => {})`, which replaces this recorder.
 */
let errors: unknown[][] = [];
let spy: MockInstance<typeof console.error> | undefined;

beforeEach(() => {
  errors = [];
  spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  // A test may have restored every mock itself (vi.restoreAllMocks); restoring twice is harmless.
  spy?.mockRestore();
  spy = undefined;
  expect(errors, 'unexpected console.error').toEqual([]);
});
