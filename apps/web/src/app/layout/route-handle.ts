import { useMatches } from 'react-router';
import type { RouteTitle } from '../route-table';

export interface RouteHandle {
  title: RouteTitle;
}

/** Title key of the deepest matched route that has one. */
export function useRouteTitle(): RouteTitle | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.title) return handle.title;
  }
  return null;
}
