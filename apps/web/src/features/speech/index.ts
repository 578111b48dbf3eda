/** Speaking: the microphone button, the score view and a hook for each finished recording. */

export { installDeviceScoring } from './device-setup';
export { judgeOnServer } from './file-device-speech';
export { MicButton } from './MicButton';
export { postAudio } from './post-audio';
export { type QueuedFiling, type QueueEvent, recordingQueue } from './recording-queue';
export { ScoreView } from './ScoreView';
export { useEachRecording } from './use-each-recording';
