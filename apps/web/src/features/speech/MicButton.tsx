import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../shared/platform/network';
import { deviceScorerReady, type RecorderState } from '../../shared/recorder';
import { installDeviceScoring, noteSpeakingUsed, warmIfSpeakingUsed } from './device-setup';
import styles from './MicButton.module.css';

export interface MicButtonProps {
  state: RecorderState;
  /** 0–1 live input level. */
  level: number;
  seconds: number;
  maxSeconds: number;
  onStart(): void;
  onStop(): void;
}

const RADIUS = 54;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * The big microphone button of a recording screen: tap to record, tap again to stop. While
 * recording, a halo swells with the voice (the level meter) and a ring runs down the time left.
 */
export function MicButton({ state, level, seconds, maxSeconds, onStart, onStop }: MicButtonProps) {
  const { t } = useTranslation('speech');
  // A recording screen: the device's scorer is registered, and loaded while the network is there
  // once the child has used speaking (the first tap loads it), so that a recording made offline
  // is scored at once (issue 37).
  useEffect(() => {
    installDeviceScoring();
    warmIfSpeakingUsed();
  }, []);
  const isRecording = state === 'recording';
  const isBusy = state === 'starting' || state === 'stopping' || state === 'recorded';
  // Offline, the device scores a recording; without a device scorer the recording is kept and
  // scored when the network returns (the uploader waits).
  const online = useOnline() || deviceScorerReady();
  const remaining = Math.max(0, 1 - seconds / maxSeconds);
  const label = isRecording
    ? t('mic.stop')
    : state === 'starting'
      ? t('mic.starting')
      : isBusy
        ? online
          ? t('mic.scoring')
          : t('mic.waitingNetwork')
        : t('mic.start');
  return (
    <div className={styles.wrap} data-state={state}>
      <div className={styles.mic}>
        <span
          className={styles.halo}
          data-testid="mic-level"
          data-level={level.toFixed(2)}
          style={{
            transform: `scale(${(1 + level * 0.9).toFixed(3)})`,
            opacity: isRecording ? 0.35 + level * 0.65 : 0,
          }}
        />
        <svg className={styles.ring} viewBox="0 0 120 120" aria-hidden="true">
          <circle className={styles.ringTrack} cx="60" cy="60" r={RADIUS} />
          <circle
            className={styles.ringTime}
            cx="60"
            cy="60"
            r={RADIUS}
            strokeDasharray={CIRCUMFERENCE}
            strokeDashoffset={isRecording ? CIRCUMFERENCE * (1 - remaining) : 0}
            data-testid="mic-countdown"
            data-remaining={remaining.toFixed(3)}
          />
        </svg>
        <button
          type="button"
          className={styles.button}
          aria-label={label}
          aria-pressed={isRecording}
          disabled={isBusy}
          onClick={
            isRecording
              ? onStop
              : () => {
                  noteSpeakingUsed();
                  onStart();
                }
          }
        >
          {isRecording ? <StopGlyph /> : <MicGlyph />}
        </button>
      </div>
      <p className={styles.hint} aria-live="polite">
        {isRecording ? t('mic.secondsLeft', { seconds: Math.ceil(maxSeconds - seconds) }) : label}
      </p>
    </div>
  );
}

function MicGlyph() {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" className={styles.glyph}>
      <rect x="16" y="5" width="16" height="26" rx="8" fill="currentColor" />
      <path
        d="M10 23a14 14 0 0 0 28 0M24 37v7M16 44h16"
        fill="none"
        stroke="currentColor"
        strokeWidth="4"
        strokeLinecap="round"
      />
    </svg>
  );
}

function StopGlyph() {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" className={styles.glyph}>
      <rect x="12" y="12" width="24" height="24" rx="5" fill="currentColor" />
    </svg>
  );
}
