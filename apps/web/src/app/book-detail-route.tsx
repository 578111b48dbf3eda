import BookDetailPage from '../features/library/pages/BookDetailPage';
import { LessonGuide } from '../features/study-plan/components/LessonGuide';
import { RankPanel } from '../features/works/RankPanel';

/**
 * A book's detail (/library/detail/…): the library's screen with the study plan's lesson guide and
 * the works' ranking, composed here so the library imports neither area.
 */
export default function BookDetailRoute() {
  return <BookDetailPage LessonGuide={LessonGuide} RankPanel={RankPanel} />;
}
