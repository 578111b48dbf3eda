/**
 * The placement test (/evaluating, decisions 062 and 095): age and grade give a starting point, a
 * vocabulary check gives the highest level whose words the child mostly knows, and an adaptive
 * listening and reading quiz (a staircase: a right answer asks one level up, a wrong one one level
 * down) gives the level the child reads at. The recommended level is the quiz level, never more
 * than one level above the vocabulary level. It is a recommendation: the parent confirms a switch.
 */
export const PLACEMENT = {
  minLevel: 1,
  maxLevel: 6,
  /** The ages the test is for (the app is for 3–12); younger and older children are asked as these. */
  minAge: 3,
  maxAge: 12,
  /** From this age on the test asks the school grade; a younger child is in kindergarten. */
  schoolAge: 6,
  /** Quiz questions asked in all. */
  quizLength: 8,
  /**
   * A level is shown with at least this many right answers at it or above (decision 095) …
   */
  minRight: 3,
  /** … at least this many for a level above the one the quiz started at (3 lucky guesses are not 4) … */
  minRightAbove: 4,
  /** … and right answers at least this share of them plus the wrong answers at it or below. */
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

/** How many questions were asked and answered right at one level: the evidence a parent sees. */
export interface LevelEvidence {
  level: number;
  right: number;
  total: number;
}

/** The answers per level asked, lowest level first. */
export function quizEvidence(answers: readonly QuizAnswer[]): LevelEvidence[] {
  const byLevel = new Map<number, LevelEvidence>();
  for (const a of answers) {
    const row = byLevel.get(a.level) ?? { level: a.level, right: 0, total: 0 };
    row.total += 1;
    if (a.correct) row.right += 1;
    byLevel.set(a.level, row);
  }
  return [...byLevel.values()].sort((a, b) => a.level - b.level);
}

export interface PlacementDecision {
  level: number;
  /** The level the quiz alone shows, and the vocabulary level (for the record). */
  quizLevel: number;
  vocabularyLevel: number;
  /** The level the quiz started at (its first question's). */
  startLevel: number;
  /** Right answers of all. */
  right: number;
  total: number;
  evidence: LevelEvidence[];
}

/**
 * The recommended level (decision 095). A right answer at level L is evidence the child reads at
 * L and below; a wrong one at L is evidence against L and above. Level L is shown when at least
 * PLACEMENT.minRight answers at L or above were right (minRightAbove for a level above the one the
 * quiz started at) and they are at least passShare of those plus the wrong answers at L or below.
 * The quiz level is the highest level shown (the lowest level when none), the recommendation is
 * that capped at one above the vocabulary level. A child guessing among three options is placed
 * no higher than the quiz's start in at least 9 of 10 runs (tested with a seeded simulation).
 */
export function decidePlacement(
  answers: readonly QuizAnswer[],
  vocabulary: number,
): PlacementDecision {
  const startLevel = clampLevel(answers[0]?.level ?? PLACEMENT.minLevel);
  let quizLevel: number = PLACEMENT.minLevel;
  for (let level = PLACEMENT.minLevel; level <= PLACEMENT.maxLevel; level++) {
    const right = answers.filter((a) => a.correct && a.level >= level).length;
    const wrong = answers.filter((a) => !a.correct && a.level <= level).length;
    const needed = level > startLevel ? PLACEMENT.minRightAbove : PLACEMENT.minRight;
    if (right >= needed && right >= PLACEMENT.passShare * (right + wrong)) quizLevel = level;
  }
  return {
    level: clampLevel(Math.min(quizLevel, vocabulary + 1)),
    quizLevel,
    vocabularyLevel: vocabulary,
    startLevel,
    right: answers.filter((a) => a.correct).length,
    total: answers.length,
    evidence: quizEvidence(answers),
  };
}

/**
 * The age the test uses from the child's birthday (YYYY-MM-DD; spec §5: the current year minus
 * the birth year), kept within the ages the test is for; null when no birthday is set (then the
 * test asks) or it is not a date before today.
 */
export function placementAge(birthday: string | null | undefined, today: string): number | null {
  if (!birthday || !/^\d{4}-\d{2}-\d{2}$/.test(birthday) || birthday > today) return null;
  const age = Number(today.slice(0, 4)) - Number(birthday.slice(0, 4));
  return Math.min(PLACEMENT.maxAge, Math.max(PLACEMENT.minAge, age));
}

/** Whether the test asks the school grade: from school age on; a younger child is in kindergarten. */
export const asksGrade = (age: number): boolean => age >= PLACEMENT.schoolAge;
