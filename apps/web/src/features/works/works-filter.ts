import { WORK_SORTS, type WorkSort } from '@picbook/domain';
import type { WorksFilter } from './works-queries';

/** Book levels a works list can be narrowed to. */
export const WORK_LEVELS = [1, 2, 3, 4, 5, 6] as const;

export const DEFAULT_FILTER: WorksFilter = { type: -1, level: null, sort: 'time_desc' };

/**
 * The works list's filter from its query string (?type=1|2&level=1..6&sort=...), so a return from
 * a replay finds the list as the child left it; anything unknown means "all" / newest first.
 */
export function parseWorksFilter(search: URLSearchParams): WorksFilter {
  const type = Number(search.get('type'));
  const level = Number(search.get('level'));
  const sort = search.get('sort') ?? '';
  return {
    type: type === 1 || type === 2 ? type : -1,
    level: (WORK_LEVELS as readonly number[]).includes(level) ? level : null,
    sort: (WORK_SORTS as readonly string[]).includes(sort) ? (sort as WorkSort) : 'time_desc',
  };
}

/** `search` with `filter` written into it (defaults left out); other values (user) are kept. */
export function withWorksFilter(search: URLSearchParams, filter: WorksFilter): URLSearchParams {
  const next = new URLSearchParams(search);
  const set = (key: string, value: string | number, isDefault: boolean) => {
    if (isDefault) next.delete(key);
    else next.set(key, String(value));
  };
  set('type', filter.type, filter.type === DEFAULT_FILTER.type);
  set('level', filter.level ?? '', filter.level === null);
  set('sort', filter.sort, filter.sort === DEFAULT_FILTER.sort);
  return next;
}

/** Whether the filter hides some works (the order hides none). */
export const isNarrowed = (filter: WorksFilter): boolean =>
  filter.type !== DEFAULT_FILTER.type || filter.level !== DEFAULT_FILTER.level;
