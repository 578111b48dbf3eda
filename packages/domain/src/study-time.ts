/**
 * Learning time (issue 40 item 1, decision 091). The child's learning screens (reading,
 * listening to the narration, repeating, speaking, word practice) report the seconds they were
 * on screen and visible; courses report their own study time when submitted. The server trusts a
 * report only as far as the clock allows: a report adds at most the time that really passed since
 * the family's previous report, and never more than one report's worth, so a forged or replayed
 * request cannot add days of time (the total cannot outrun the wall clock).
 */
export const STUDY_TIME = {
  /** How often a learning screen reports while it is open (seconds). */
  reportEverySeconds: 30,
  /** The most one report may add (four missed reports' worth; a longer gap is a pause). */
  maxReportSeconds: 120,
  /** Spec §9: inactivity over 30 minutes resets active duration; a screen stops counting. */
  idleAfterSeconds: 1800,
} as const;

/**
 * The seconds a report of `reportedSeconds` adds, `elapsedSeconds` after the family's previous
 * report (null when there was none): the smallest of the report, the time that passed and
 * maxReportSeconds; never negative, 0 for anything that is not a finite number.
 */
export function creditedStudySeconds(
  reportedSeconds: number,
  elapsedSeconds: number | null,
): number {
  if (!Number.isFinite(reportedSeconds) || reportedSeconds <= 0) return 0;
  const since =
    elapsedSeconds === null || !Number.isFinite(elapsedSeconds)
      ? STUDY_TIME.maxReportSeconds
      : Math.max(0, elapsedSeconds);
  return Math.min(reportedSeconds, since, STUDY_TIME.maxReportSeconds);
}

/**
 * A report's seconds as the server keeps them: to the millisecond. Screens measure with
 * `performance.now()`, so finer digits are noise, and a number too small for the database's
 * single-precision column (1e-323 s, a forged report) would fail the write: it becomes 0.
 */
export const reportedStudySeconds = (seconds: number): number =>
  Number.isFinite(seconds) ? Math.round(seconds * 1000) / 1000 : 0;

/** Whole minutes of a number of seconds, as the reports show them (half a minute rounds up). */
export const studyMinutes = (seconds: number): number => Math.round(seconds / 60);
