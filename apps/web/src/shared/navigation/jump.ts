import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { type AppNavigateOptions, useAppNavigate } from './app-navigate';
import {
  buildJumpPath,
  JUMPS,
  type JumpDef,
  type JumpParams,
  type JumpSearch,
  type JumpType,
  slotOf,
} from './jump-table';
import { returnHistory } from './return-history';

export interface JumpOptions extends AppNavigateOptions, JumpSearch {
  /** Where the target's back goes; default the current location. */
  backPath?: string;
  /** false: record no back path. */
  needBackPath?: boolean;
}

/**
 * The jump helper: builds the target from a jump type and parameters, records the back path in
 * the target's return-history slot, and plays the curtain first for the targets that want it.
 */
export function useJump() {
  const { go } = useAppNavigate();
  const location = useLocation();
  return useCallback(
    (type: JumpType, params: JumpParams = {}, options: JumpOptions = {}) => {
      const def: JumpDef = JUMPS[type];
      const { search, hash, backPath, needBackPath, curtain, ...rest } = options;
      const slot = slotOf(def, params);
      if (slot && needBackPath !== false) {
        returnHistory.set(slot, backPath ?? `${location.pathname}${location.search}`);
      }
      return go(buildJumpPath(type, params, { search, hash }), {
        ...rest,
        curtain: curtain ?? def.curtain ?? false,
      });
    },
    [go, location.pathname, location.search],
  );
}
