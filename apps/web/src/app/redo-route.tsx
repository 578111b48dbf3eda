import { RedoPage } from '../features/reports/pages/RedoPage';
import { CoursePlayer } from '../features/study-plan/player/CoursePlayer';

/** A report's redo, preview and look-over (/learning/redo…): the reports' screen with the player. */
export default function RedoRoute() {
  return <RedoPage Player={CoursePlayer} />;
}
