import { STUDY_TIME } from '@picbook/domain';
import { useEffect, useRef } from 'react';
import { api } from '../../shared/request/api';
import { createStudyTimer, type StudyTimer, studyScreen } from './study-timer';

const INPUTS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * Reports the time the child spends on learning screens (decision 091) while someone is logged
 * in: every 30 s, when the screen changes and when the page is hidden. A lost report costs the
 * parents' chart at most 30 s; it never disturbs the child (sent silently, failures dropped).
 */
export function useStudyTime(pathname: string, enabled: boolean): void {
  const timer = useRef<StudyTimer | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const t = createStudyTimer(
      (body) => void api('studyTime', { body }, { silent: true }).catch(() => {}),
      Date.now,
    );
    timer.current = t;
    t.setVisible(document.visibilityState === 'visible');
    const handleVisibility = () => t.setVisible(document.visibilityState === 'visible');
    const handleHide = () => t.setVisible(false);
    const handleInput = () => t.touch();
    document.addEventListener('visibilitychange', handleVisibility);
    window.addEventListener('pagehide', handleHide);
    for (const name of INPUTS) window.addEventListener(name, handleInput, { passive: true });
    const interval = setInterval(() => t.flush(), STUDY_TIME.reportEverySeconds * 1000);
    return () => {
      clearInterval(interval);
      document.removeEventListener('visibilitychange', handleVisibility);
      window.removeEventListener('pagehide', handleHide);
      for (const name of INPUTS) window.removeEventListener(name, handleInput);
      t.setScreen(null);
      timer.current = null;
    };
  }, [enabled]);

  useEffect(() => {
    timer.current?.setScreen(enabled ? studyScreen(pathname) : null);
  }, [pathname, enabled]);
}
