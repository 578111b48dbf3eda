import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/request/api';

/** Query keys of the reports and the parents' space (everything under ['reports']). */
export const reportKeys = {
  all: ['reports'] as const,
  space: ['reports', 'space'] as const,
  cards: (level: number) => ['reports', 'cards', level] as const,
  report: (id: number) => ['reports', 'course', id] as const,
  book: (id: number) => ['reports', 'book', id] as const,
  reads: ['reports', 'reads'] as const,
  stars: (level: number) => ['reports', 'stars', level] as const,
  messages: ['reports', 'messages'] as const,
  redo: (id: number, course: number) => ['reports', 'redo', id, course] as const,
};

export const useParentSpace = () =>
  useQuery({ queryKey: reportKeys.space, queryFn: () => api('parentSpace') });

export const useReportCards = (level: number) =>
  useQuery({
    queryKey: reportKeys.cards(level),
    queryFn: () => api('reportCards', { query: { level } }),
  });

export const useCourseReport = (id: number) =>
  useQuery({
    queryKey: reportKeys.report(id),
    queryFn: () => api('report', { query: { report_id: id } }, { silent: true }),
    enabled: id > 0,
    retry: false,
  });

export const useBookReport = (id: number) =>
  useQuery({
    queryKey: reportKeys.book(id),
    queryFn: () => api('bookReport', { params: { id } }, { silent: true }),
    retry: false,
  });

export const useReadReports = () =>
  useQuery({ queryKey: reportKeys.reads, queryFn: () => api('readReports') });

export const useStars = (level: number) =>
  useQuery({
    queryKey: reportKeys.stars(level),
    queryFn: () => api('userStars', { query: { level } }),
  });

export const useMessages = () =>
  useQuery({
    queryKey: reportKeys.messages,
    queryFn: () => api('parentMessages', { query: { page: 1, page_size: 50 } }),
  });

export const useReportRedo = (reportId: number, courseId: number) =>
  useQuery({
    queryKey: reportKeys.redo(reportId, courseId),
    queryFn: () =>
      api('reportRedo', { query: { report_id: reportId, course_id: courseId } }, { silent: true }),
    retry: false,
  });

/** A report poster rendered by the server (PNG URL). */
export const makePoster = (id: number, userId: number, arg: 'course' | 'book') =>
  api('posterV2', { body: { id, user_id: userId, arg } });
