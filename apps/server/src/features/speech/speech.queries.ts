import { and, asc, desc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import {
  recordings,
  type SpeechResultJson,
  speechChunks,
  speechSessions,
} from '../../platform/db/schema';

export type SpeechSessionRow = typeof speechSessions.$inferSelect;
export type RecordingRow = typeof recordings.$inferSelect;

/** Recordings the reader's history is taken from (the most recent ones). */
const HISTORY_SIZE = 30;

export function createSpeechQueries(db: DbOrTx) {
  return {
    async findSession(id: string): Promise<SpeechSessionRow | null> {
      const rows = await db.select().from(speechSessions).where(eq(speechSessions.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** Creates the session unless it exists (two first chunks may race); returns the row. */
    async openSession(values: typeof speechSessions.$inferInsert): Promise<SpeechSessionRow> {
      await db.insert(speechSessions).values(values).onConflictDoNothing();
      const rows = await db
        .select()
        .from(speechSessions)
        .where(eq(speechSessions.id, values.id))
        .limit(1);
      const row = rows[0];
      if (!row) throw new Error('speech session vanished');
      return row;
    },

    async updateSession(
      id: string,
      patch: Partial<typeof speechSessions.$inferInsert>,
    ): Promise<void> {
      await db.update(speechSessions).set(patch).where(eq(speechSessions.id, id));
    },

    /**
     * Stores a chunk once (a repeated seq keeps the first copy) and counts its bytes to the
     * session. Two statements: a crash between them undercounts one chunk until the chunks go.
     */
    async addChunk(sessionId: string, seq: number, pcm: Buffer, now: Date): Promise<void> {
      const added = await db
        .insert(speechChunks)
        .values({ sessionId, seq, pcm })
        .onConflictDoNothing()
        .returning({ seq: speechChunks.seq });
      await db
        .update(speechSessions)
        .set({
          touchedAt: now,
          ...(added.length > 0
            ? { bufferedBytes: sql`${speechSessions.bufferedBytes} + ${pcm.length}` }
            : {}),
        })
        .where(eq(speechSessions.id, sessionId));
    },

    /**
     * Serialises the opening of sessions per user and per device (in the caller's transaction):
     * the caps are counted, then a session added, by one request at a time. The user's lock is
     * always taken first, so two requests never wait for each other's.
     */
    async lockOpening(userId: number, deviceId: string | null): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`speech-user:${userId}`}))`);
      if (deviceId) {
        await db.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`speech-device:${deviceId}`}))`,
        );
      }
    },

    /** The unexpired sessions under way (open or scoring) of a user or of a device. */
    underWay(
      by: { userId: number } | { deviceId: string },
      now: Date,
    ): Promise<Array<Pick<SpeechSessionRow, 'id' | 'status' | 'touchedAt'>>> {
      return db
        .select({
          id: speechSessions.id,
          status: speechSessions.status,
          touchedAt: speechSessions.touchedAt,
        })
        .from(speechSessions)
        .where(
          and(
            'userId' in by
              ? eq(speechSessions.userId, by.userId)
              : eq(speechSessions.deviceId, by.deviceId),
            inArray(speechSessions.status, ['open', 'scoring']),
            gt(speechSessions.expiresAt, now),
          ),
        );
    },

    /** Ends sessions now (a later request hears "expired") and drops their chunks. */
    async expireNow(ids: string[], now: Date): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(speechChunks).where(inArray(speechChunks.sessionId, ids));
      await db
        .update(speechSessions)
        .set({ expiresAt: now, bufferedBytes: 0 })
        .where(inArray(speechSessions.id, ids));
    },

    /** Bytes of audio all sessions' chunks hold. */
    async bufferedBytes(): Promise<number> {
      const [row] = await db
        .select({ bytes: sql<string | number | null>`sum(${speechSessions.bufferedBytes})` })
        .from(speechSessions)
        .where(gt(speechSessions.bufferedBytes, 0));
      return Number(row?.bytes ?? 0);
    },

    /** Chunk numbers received and their total size in bytes. */
    async chunkIndex(sessionId: string): Promise<{ seqs: number[]; bytes: number }> {
      const rows = await db
        .select({ seq: speechChunks.seq, bytes: sql<number>`octet_length(${speechChunks.pcm})` })
        .from(speechChunks)
        .where(eq(speechChunks.sessionId, sessionId))
        .orderBy(asc(speechChunks.seq));
      return {
        seqs: rows.map((r) => r.seq),
        bytes: rows.reduce((n, r) => n + Number(r.bytes), 0),
      };
    },

    async loadChunks(sessionId: string): Promise<Buffer[]> {
      const rows = await db
        .select({ pcm: speechChunks.pcm })
        .from(speechChunks)
        .where(eq(speechChunks.sessionId, sessionId))
        .orderBy(asc(speechChunks.seq));
      return rows.map((r) => r.pcm);
    },

    /** Moves an open session to scoring; false when another request already did. */
    async claimScoring(id: string, chunkCount: number): Promise<boolean> {
      const rows = await db
        .update(speechSessions)
        .set({ status: 'scoring', chunkCount })
        .where(and(eq(speechSessions.id, id), eq(speechSessions.status, 'open')))
        .returning({ id: speechSessions.id });
      return rows.length > 0;
    },

    async deleteChunks(sessionId: string): Promise<void> {
      await db.delete(speechChunks).where(eq(speechChunks.sessionId, sessionId));
      await db
        .update(speechSessions)
        .set({ bufferedBytes: 0 })
        .where(eq(speechSessions.id, sessionId));
    },

    /** Drops the chunks of sessions expired by `now` (the rows stay a while as tombstones). */
    async dropExpiredChunks(now: Date, limit = 200): Promise<void> {
      const expired = await db
        .select({ id: speechSessions.id })
        .from(speechSessions)
        .where(and(gt(speechSessions.bufferedBytes, 0), lte(speechSessions.expiresAt, now)))
        .limit(limit);
      const ids = expired.map((r) => r.id);
      if (ids.length === 0) return;
      await db.delete(speechChunks).where(inArray(speechChunks.sessionId, ids));
      await db
        .update(speechSessions)
        .set({ bufferedBytes: 0 })
        .where(inArray(speechSessions.id, ids));
    },

    /** Drops expired sessions (their chunks go with them); returns how many. */
    async sweepExpired(now: Date, limit = 200): Promise<number> {
      const expired = db
        .select({ id: speechSessions.id })
        .from(speechSessions)
        .where(lt(speechSessions.expiresAt, now))
        .limit(limit);
      const rows = await db
        .delete(speechSessions)
        .where(inArray(speechSessions.id, expired))
        .returning({ id: speechSessions.id });
      return rows.length;
    },

    async insertRecording(values: typeof recordings.$inferInsert): Promise<RecordingRow> {
      const rows = await db.insert(recordings).values(values).returning();
      const row = rows[0];
      if (!row) throw new Error('recording insert returned nothing');
      return row;
    },

    /**
     * Inserts a recording filed with the device's id unless that user already has one with it
     * (two tabs, a replay): the row that holds the id either way, and whether this call made it.
     */
    async insertClientRecording(
      values: typeof recordings.$inferInsert & { clientId: string },
    ): Promise<{ row: RecordingRow; created: boolean }> {
      const rows = await db
        .insert(recordings)
        .values(values)
        .onConflictDoNothing({ target: [recordings.userId, recordings.clientId] })
        .returning();
      if (rows[0]) return { row: rows[0], created: true };
      const existing = await db
        .select()
        .from(recordings)
        .where(and(eq(recordings.userId, values.userId), eq(recordings.clientId, values.clientId)))
        .limit(1);
      if (!existing[0]) throw new Error('client recording vanished');
      return { row: existing[0], created: false };
    },

    /** A user's recording filed with the device's id `clientId`, or null. */
    async findClientRecording(userId: number, clientId: string): Promise<RecordingRow | null> {
      const rows = await db
        .select()
        .from(recordings)
        .where(and(eq(recordings.userId, userId), eq(recordings.clientId, clientId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Records a new judgement of a stored recording (against `refText`). */
    async updateRecordingScore(
      id: number,
      refText: string,
      result: SpeechResultJson,
    ): Promise<RecordingRow> {
      const rows = await db
        .update(recordings)
        .set({ refText, score: result.score, result })
        .where(eq(recordings.id, id))
        .returning();
      const row = rows[0];
      if (!row) throw new Error('recording vanished');
      return row;
    },

    /**
     * The reader's history for the judge: mean `gop_mean` of their last {@link HISTORY_SIZE}
     * scored recordings, or undefined when they have none.
     */
    async readerHistory(userId: number): Promise<{ gopMean: number; count: number } | undefined> {
      const rows = await db
        .select({ result: recordings.result })
        .from(recordings)
        .where(and(eq(recordings.userId, userId), sql`${recordings.result} ? 'gop_mean'`))
        .orderBy(desc(recordings.createdAt))
        .limit(HISTORY_SIZE);
      const values = rows
        .map((r) => r.result?.gop_mean)
        .filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
      if (values.length === 0) return undefined;
      return { gopMean: values.reduce((a, b) => a + b, 0) / values.length, count: values.length };
    },

    async findRecordingByKey(key: string): Promise<RecordingRow | null> {
      const rows = await db.select().from(recordings).where(eq(recordings.key, key)).limit(1);
      return rows[0] ?? null;
    },

    recordingKeysOf(userId: number): Promise<Array<{ key: string }>> {
      return db
        .select({ key: recordings.key })
        .from(recordings)
        .where(eq(recordings.userId, userId));
    },
  };
}
