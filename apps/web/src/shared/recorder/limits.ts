/** The speech limits of the contract (zod-free module, so no zod in the web bundle). */
export {
  SPEECH_MAX_CHUNK_BYTES,
  SPEECH_MAX_SECONDS,
  SPEECH_MIN_SECONDS,
  SPEECH_SAMPLE_RATE,
  SPEECH_SLOW_MS,
} from '@picbook/contracts/speech-limits';
