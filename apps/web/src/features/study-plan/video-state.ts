/**
 * The video player's states (learning-content §3 "video player instance", §4 "Video"): a play
 * request is pending, then playing, or error on a failure or a missing url; pause, waiting
 * (buffering) and ended as the media element reports them.
 */
export type VideoState = 'pending' | 'playing' | 'pause' | 'waiting' | 'ended' | 'error';

/** §8 video errors: playback failed, missing url, player initialisation failed. */
export type VideoError = 'failed' | 'badUrl' | 'initFailed';

export interface VideoSnapshot {
  state: VideoState;
  error: VideoError | null;
  duration: number;
  currentTime: number;
}

export type VideoEvent =
  | { type: 'request' }
  | { type: 'playing' }
  | { type: 'pause' }
  | { type: 'waiting' }
  | { type: 'ended' }
  | { type: 'error'; error: VideoError }
  | { type: 'time'; currentTime: number; duration: number };

export const initialVideo: VideoSnapshot = {
  state: 'pending',
  error: null,
  duration: 0,
  currentTime: 0,
};

export function videoReducer(s: VideoSnapshot, e: VideoEvent): VideoSnapshot {
  switch (e.type) {
    case 'request':
      return s.state === 'error' ? s : { ...s, state: 'pending' };
    case 'playing':
      return { ...s, state: 'playing', error: null };
    case 'pause':
      return s.state === 'ended' || s.state === 'error' ? s : { ...s, state: 'pause' };
    case 'waiting':
      return s.state === 'playing' || s.state === 'pending' ? { ...s, state: 'waiting' } : s;
    case 'ended':
      return { ...s, state: 'ended' };
    case 'error':
      return { ...s, state: 'error', error: e.error };
    case 'time':
      return { ...s, currentTime: e.currentTime, duration: e.duration || s.duration };
  }
}

/** Whether this browser can play the course videos at all (H.264 MP4). */
export function canPlayMp4(video: Pick<HTMLVideoElement, 'canPlayType'> | null): boolean {
  return Boolean(video?.canPlayType && video.canPlayType('video/mp4') !== '');
}
