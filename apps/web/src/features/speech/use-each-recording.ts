import type { TSpeechAnswer } from '@picbook/contracts';
import { useEffect, useRef } from 'react';

/** Calls `onResult` once for each finished recording (a retry makes a new one). */
export function useEachRecording(
  answer: TSpeechAnswer | null,
  onResult: (answer: TSpeechAnswer) => void,
): void {
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!answer?.is_ended || !answer.audio_url || reported.current === answer.session_id) return;
    reported.current = answer.session_id;
    onResult(answer);
  }, [answer, onResult]);
}
