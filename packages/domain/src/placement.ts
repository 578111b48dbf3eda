/**
 * The placement test (/evaluating, decision 062): age and grade give a starting point, a
 * vocabulary check gives the highest level whose words the child mostly knows, and an adaptive
 * listening and reading quiz (a staircase: a right answer asks one level up, a wrong one one level
 * down) gives the level the child reads at. The recommended level is the quiz level, never more
 * than one level above the vocabulary level.
 */
export const PLACEMENT = {
  minLevel: 1,
  maxLevel: 6,
  /** Quiz questions asked in all. */
  quizLength: 8,
  /** A level is passed with at least this many answers at it … */
  minAnswers: 2,
  /** … of which at least this share right. */
  passShare: 2 / 3,
  /** Words shown per level in the vocabulary check. */
  wordsPerLevel: 4,
  /** A level's words count as known from this share on. */
  knownShare: 0.5,
} as const;

export const clampLevel = (level: number): number =>
  Math.min(PLACEMENT.maxLevel, Math.max(PLACEMENT.minLevel, Math.round(level)));

/**
 * Starting level from age and school grade (0 kindergarten, 1–6 primary school): the lower of
 * what the age and what the grade suggest, so an older beginner is not started too high.
 */
export function basisLevel(age: number, grade: number): number {
  const byAge = age <= 6 ? 1 : age - 5;
  const byGrade = grade <= 0 ? 1 : grade;
  return clampLevel(Math.min(byAge, byGrade));
}

export interface KnownWords {
  level: number;
  shown: number;
  known: number;
}

/**
 * The vocabulary level: the highest level L such that the child knows at least half of the words
 * shown at every level from 1 to L; 0 when not even level 1's.
 */
export function vocabularyLevel(rows: readonly KnownWords[]): number {
  let level = 0;
  for (let l = PLACEMENT.minLevel; l <= PLACEMENT.maxLevel; l++) {
    const row = rows.find((r) => r.level === l);
    if (!row || row.shown === 0 || row.known / row.shown < PLACEMENT.knownShare) break;
    level = l;
  }
  return level;
}

/** Where the quiz starts: the basis, at most one level above the vocabulary level. */
export const quizStartLevel = (basis: number, vocabulary: number): number =>
  clampLevel(Math.min(basis, vocabulary + 1));

/** The staircase: one level up after a right answer, one down after a wrong one. */
export const nextQuizLevel = (level: number, correct: boolean): number =>
  clampLevel(level + (correct ? 1 : -1));

export interface QuizAnswer {
  level: number;
  correct: boolean;
}

/** The level the next question is asked at, after the answers so far (in order). */
export function quizLevelAfter(start: number, answers: readonly QuizAnswer[]): number {
  const last = answers.at(-1);
  return last ? nextQuizLevel(last.level, last.correct) : clampLevel(start);
}

export interface PlacementDecision {
  level: number;
  /** The level the quiz alone shows, and the vocabulary level (for the record). */
  quizLevel: number;
  vocabularyLevel: number;
}

/**
 * The recommended level: the highest level passed in the quiz (≥ 2 answers there, ≥ 2/3 right);
 * with none passed, one below the lowest level asked. Capped at one above the vocabulary level.
 */
export function decidePlacement(
  answers: readonly QuizAnswer[],
  vocabulary: number,
): PlacementDecision {
  const byLevel = new Map<number, { right: number; total: number }>();
  for (const a of answers) {
    const row = byLevel.get(a.level) ?? { right: 0, total: 0 };
    row.total += 1;
    if (a.correct) row.right += 1;
    byLevel.set(a.level, row);
  }
  const passed = [...byLevel.entries()]
    .filter(([, r]) => r.total >= PLACEMENT.minAnswers && r.right / r.total >= PLACEMENT.passShare)
    .map(([l]) => l);
  const asked = [...byLevel.keys()];
  const quizLevel =
    passed.length > 0
      ? Math.max(...passed)
      : clampLevel(asked.length > 0 ? Math.min(...asked) - 1 : PLACEMENT.minLevel);
  return {
    level: clampLevel(Math.min(quizLevel, vocabulary + 1)),
    quizLevel,
    vocabularyLevel: vocabulary,
  };
}
