import { createContext, useContext } from 'react';

/**
 * The course run a part is played in (issue 37, decision 110): a speaking part's recording scored
 * on the device is queued under it (features/speech's recording queue) and becomes the item's
 * answer once the server has judged it — in this page, or after a reload that continues the run.
 */
export interface CourseRun {
  processId: number;
  /** Kept in the learning history, so continuing after a reload is the same run. */
  run: string;
  userId: number | undefined;
}

export const CourseRunContext = createContext<CourseRun | null>(null);

export const useCourseRun = (): CourseRun | null => useContext(CourseRunContext);
