import type { PopupPoint } from '@picbook/domain';
import { HOME_PATHS } from '../../shared/navigation/home-paths';

const isHome = (path: string) => HOME_PATHS.includes(path);
const isParentsHome = (path: string) => path === '/parents/center';

/**
 * Which §4 popup point a navigation reaches, or null: the first arrival at home after start-up is
 * coldBootToHome; home after the parents' area parentToHome; home after a stage finish, a course
 * (video, parts) or a library finish their own points; any other arrival at home is home; the
 * parents' center reached from outside the parents' area is parent.
 */
export function popupPointFor(previous: string | null, next: string): PopupPoint | null {
  if (isParentsHome(next)) {
    return previous?.startsWith('/parents/') ? null : 'parent';
  }
  if (!isHome(next)) return null;
  if (previous === null) return 'coldBootToHome';
  if (isHome(previous)) return null;
  if (previous.startsWith('/parents/')) return 'parentToHome';
  if (previous.startsWith('/learning/finish/')) return 'learningStageFinishToHome';
  if (/^\/learning\/(video|partContent|redo|redoPreview|lookOver)\//.test(previous)) {
    return 'learningCourseFinishToHome';
  }
  if (/^\/library\/finished\d?\//.test(previous)) return 'libraryFinishToHome';
  return 'home';
}
