/** Speech area: speech sessions and recordings, judged by the server. */
export { findOwnRecording, judgeStoredRecording } from './audio-upload';
export { registerSpeechRoutes } from './speech.routes';
