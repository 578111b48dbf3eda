import { endpoints, TASTE_PAGES } from '@picbook/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, newDevice, newPhone, phoneLogin } from '../../../test/auth-helpers';
import { expectError, expectOk } from '../../../test/envelope';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { importSampleBooks } from './library.test-kit';

/** /library/tasteTest: the first pages of a members' book, then the login or store prompt. */
const TRIAL = 1101;
const MEMBERS = 1106;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importSampleBooks(t.database.db, [TRIAL, MEMBERS]);
});
afterAll(() => t.close());

const taste = (id: number, token?: string) =>
  t.app.inject({ url: `/api/v1/books/${id}/taste`, headers: token ? auth(token) : {} });

describe('GET /api/v1/books/{id}/taste', () => {
  it('a visitor tastes the first pages of a members book, with signed media, then is asked to log in', async () => {
    const guest = expectOk(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/guest_login',
        payload: { device_id: newDevice() },
      }),
      endpoints.guestLogin,
    ).access_token;
    const data = expectOk(await taste(MEMBERS, guest), endpoints.bookTaste);
    expect(data.pages.map((p) => p.page)).toEqual([1, 2].slice(0, TASTE_PAGES));
    expect(data.total_pages).toBeGreaterThan(TASTE_PAGES);
    expect(data.next).toBe('login');
    expect(data.pages[0]?.image).toMatch(/[?&]sig=/);
    // A later page's file is not signed for the visitor: the book's own endpoint gives no pages.
    const book = expectOk(
      await t.app.inject({ url: `/api/v1.1/books/${MEMBERS}`, headers: auth(guest) }),
      endpoints.book,
    );
    expect(book.pages).toEqual([]);
  });

  it('a registered user without the right is sent to the store', async () => {
    const { access_token } = await phoneLogin(t, newPhone());
    expect(expectOk(await taste(MEMBERS, access_token), endpoints.bookTaste).next).toBe('store');
  });

  it('an open book is tasted whole, with nothing to end it', async () => {
    const data = expectOk(await taste(TRIAL), endpoints.bookTaste);
    expect(data.next).toBeNull();
    expect(data.pages).toHaveLength(data.total_pages);
  });

  it('an unknown book answers 10024 like the book endpoint', async () => {
    expectError(await taste(999_999), 200, 10024);
  });
});
