import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** Binary column (PostgreSQL bytea) read and written as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** What the judge said about a recording, as the API answers it (contracts ZSpeechResult). */
export interface SpeechResultJson {
  score: number;
  accuracy: number;
  fluency: number;
  completeness: number;
  words: Array<{ word: string; score: number; start: number; end: number; status: string }>;
  verdict: string;
  feedback: string;
  channels: Array<{ name: string; score: number }>;
  /**
   * The recording's mean phone GOP (kept for the reader's history, never answered): the judge
   * scores a child's next recordings against their own usual level.
   */
  gop_mean?: number;
}

/**
 * A stored recording of a child's voice (object storage key + what is known about it). Speech
 * sessions create them; works (issue 7) point at them. Deleted with the account.
 */
export const recordings = pgTable(
  'recordings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Object storage key (random, e.g. rec/3f…a1.wav); served at /uploads/<key>. */
    key: text('key').notNull().unique(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    /** Seconds. */
    duration: real('duration').notNull(),
    /** speech: scored by a speech session; upload: sent as a file. */
    source: text('source').notNull(),
    refText: text('ref_text'),
    /** The judge score when the server scored it; null for an unscored upload. */
    score: integer('score'),
    result: jsonb('result').$type<SpeechResultJson>(),
    /**
     * The device's id of a recording scored on the device and filed later (issue 37, decision
     * 110): a replay or a second tab files it once — one recording per user and client id.
     */
    clientId: text('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recordings_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('recordings_user_client_idx').on(t.userId, t.clientId),
  ],
);

/**
 * One recording being streamed to POST /api/v1/speech. `status`: open (chunks arriving),
 * scoring (claimed by one request), done (answer stored; repeated is_ended requests get it),
 * failed. Expired sessions are swept with their chunks. `buffered_bytes` is what its chunks hold
 * (0 once they are gone): the sum over all sessions is the audio buffered in the database, which
 * new sessions and chunks are refused past (decision 087).
 */
export const speechSessions = pgTable(
  'speech_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('open'),
    refText: text('ref_text'),
    asrId: text('asr_id'),
    components: text('components'),
    /** Total chunks, known once is_ended arrived. */
    chunkCount: integer('chunk_count'),
    recordingId: integer('recording_id').references(() => recordings.id, { onDelete: 'set null' }),
    audioUrl: text('audio_url'),
    duration: real('duration'),
    result: jsonb('result').$type<SpeechResultJson>(),
    /** Why scoring failed (failed sessions answer this error again). */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The device uuid header of the request that opened it (null without one). */
    deviceId: text('device_id'),
    bufferedBytes: integer('buffered_bytes').notNull().default(0),
    /** When audio last arrived (or the session opened): an open session idle long is abandoned. */
    touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('speech_sessions_expiry_idx').on(t.expiresAt),
    index('speech_sessions_user_idx').on(t.userId, t.status),
    index('speech_sessions_device_idx').on(t.deviceId, t.status),
    index('speech_sessions_buffered_idx').on(t.bufferedBytes).where(sql`buffered_bytes > 0`),
  ],
);

export const speechChunks = pgTable(
  'speech_chunks',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => speechSessions.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    pcm: bytea('pcm').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.seq] })],
);
