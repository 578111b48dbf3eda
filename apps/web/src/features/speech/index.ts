/** Speaking: the microphone button, the score view and a hook for each finished recording. */
export { MicButton } from './MicButton';
export { ScoreView } from './ScoreView';
export { useEachRecording } from './use-each-recording';
