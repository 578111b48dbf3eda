/**
 * Local answer records (learning-content §3) and their conversion into the answer payload the
 * server takes ({exam_type, score_type, exam_detail}), by exam type (§5).
 */
export interface LocalAnswerRecord {
  examType: number;
  id: number | string;
  scoreType?: number;
  sentenceId?: number | string;
  audioUrl?: string;
  score?: number;
  duration?: number;
  reward?: number;
  reason?: string;
  useTime?: number;
  errorNum?: number;
  answerType?: number;
  readTime?: number;
  answer?: string;
  sentence?: string;
  title_answer?: unknown;
  tip_answers?: unknown;
  bookScore?: number;
}

export type AnswerFormat = 'speak' | 'standard' | 'read_time' | 'text' | 'title_tips';

const SPEAK = new Set([-1, -2, 20, 28, 29]);
const STANDARD = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 23, 25, 26, 27, 28]);

/** The detail format of an exam type; 28 is listed under both and reads as speak (listed first). */
export function answerFormat(examType: number): AnswerFormat | null {
  if (SPEAK.has(examType)) return 'speak';
  if (STANDARD.has(examType)) return 'standard';
  if (examType === 21) return 'read_time';
  if (examType === 24) return 'text';
  if (examType === 10 || examType === 11) return 'title_tips';
  return null;
}

export interface AnswerPayload {
  exam_type: number;
  score_type: number;
  exam_detail: Record<string, unknown>;
}

/** Converts one record; null for an exam type the spec does not list. */
export function toAnswerPayload(record: LocalAnswerRecord): AnswerPayload | null {
  const format = answerFormat(record.examType);
  if (!format) return null;
  const base = { exam_type: record.examType, score_type: record.scoreType ?? 0 };
  switch (format) {
    case 'speak':
      return {
        ...base,
        exam_detail: {
          id: record.id,
          sentence_id: record.sentenceId ?? record.id,
          audio_url: record.audioUrl ?? '',
          score: record.score ?? 0,
          duration: record.duration ?? 0,
          reward: record.reward ?? 0,
        },
      };
    case 'standard':
      return {
        ...base,
        exam_detail: {
          id: record.id,
          score: record.score ?? 0,
          use_time: record.useTime ?? 0,
          error_num: record.errorNum ?? 0,
          answer_type: record.answerType ?? 0,
          reward: record.reward ?? 0,
          reason: record.reason ?? '',
          // What the child chose (the tries in order, "b,a"): the server scores it, never `score`.
          answer: record.answer ?? '',
        },
      };
    case 'read_time':
      return { ...base, exam_detail: { id: record.id, read_time: record.readTime ?? 0 } };
    case 'text':
      return {
        ...base,
        exam_detail: {
          id: record.id,
          answer: record.answer ?? '',
          sentence: record.sentence ?? '',
        },
      };
    case 'title_tips':
      return {
        ...base,
        exam_detail: {
          id: record.id,
          title_answer: record.title_answer ?? null,
          tip_answers: record.tip_answers ?? [],
          ...(record.examType === 10 ? { book_score: record.bookScore ?? 0 } : {}),
        },
      };
  }
}

/** Converts a list, dropping records of unknown exam types. */
export function toAnswerPayloads(records: readonly LocalAnswerRecord[]): AnswerPayload[] {
  return records.flatMap((r) => toAnswerPayload(r) ?? []);
}
