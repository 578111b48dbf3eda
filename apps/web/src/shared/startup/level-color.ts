import { useStartup } from './startup-store';

/** The colour of a level from configs (levels[].color); the area accent when unknown. */
export function useLevelColor(level: number): string {
  return (
    useStartup((s) => s.configs?.levels.find((l) => l.level === level)?.color) ?? 'var(--accent)'
  );
}
