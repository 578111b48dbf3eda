/** Speaking: the microphone button, the score view and a hook for each finished recording. */

export { installDeviceScoring } from './device-setup';
export { MicButton } from './MicButton';
export { postAudio } from './post-audio';
export {
  type CourseJudgement,
  type QueuedCourseFiling,
  type QueuedFiling,
  type QueueEvent,
  queueDeviceRecording,
  recordingQueue,
} from './recording-queue';
export { ScoreView } from './ScoreView';
export { useEachRecording } from './use-each-recording';
