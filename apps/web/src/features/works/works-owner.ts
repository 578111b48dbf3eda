import { useStartup } from '../../shared/startup/startup-store';

/**
 * Whose works a page shows: the given id (the home's route segment, the list's `?user=`), else
 * the current user. A given id that is not a positive integer is not valid (shown like a hidden
 * child's works).
 */
export function useWorksOwner(given: string | null | undefined): {
  userId: number;
  isOwn: boolean;
  isValid: boolean;
} {
  const myId = useStartup((s) => s.user?.id ?? 0);
  if (!given) return { userId: myId, isOwn: true, isValid: myId > 0 };
  const userId = Number(given);
  const isValid = Number.isInteger(userId) && userId > 0;
  return { userId: isValid ? userId : 0, isOwn: isValid && userId === myId, isValid };
}
