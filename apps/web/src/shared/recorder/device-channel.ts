import type { TSpeechAnswer, TSpeechResult } from '@picbook/contracts';
import type { BookPageText } from '@picbook/speech/browser';
import { pcm16MonoWavHeader } from '@picbook/speech/wav';
import { SPEECH_SAMPLE_RATE } from './limits';
import { floatToInt16 } from './resample';

/**
 * Scoring on the device (issue 37, decision 110). The recorder (shared) records and decides where
 * a recording is scored; the scorer itself (packages/speech in a Web Worker, or the app shell's
 * own engine) belongs to the speech feature, which registers it here when a recording screen
 * loads — shared/ never imports a feature, and the scorer's chunk stays out of the shell.
 */

/** A page of the open book, its sentences in reading order: the server's page of lines, one book. */
export type PageLines = Omit<BookPageText, 'bookId'>;

export interface DeviceScoreOptions {
  /**
   * The open book's pages: the lines a child who reads the wrong one reads instead. The device
   * decodes the text's competitors among them, as the server does among every book's (decision
   * 110), and so says "another sentence" as the server would. None: no competitors.
   */
  pages?: readonly PageLines[];
}

/** Scores 16 kHz mono samples in [-1, 1] as a reading of `text`, on the device. */
export type DeviceScore = (
  audio: Float32Array,
  text: string,
  options?: DeviceScoreOptions,
) => Promise<TSpeechResult>;

/** Where a recording is scored: streamed to the server, or on the device. */
export type SpeechChannel = 'server' | 'device';

/** The channel name a device's judgement carries (the server's are judge and the cloud ones). */
export const DEVICE_CHANNEL = 'device';

let registered: DeviceScore | null = null;
let isReady: () => boolean = () => false;

/**
 * Registers the device's scorer (null removes it); `ready` says whether it can score now without
 * the network (its model loaded), which is what a recording made offline needs.
 */
export function registerDeviceScorer(
  score: DeviceScore | null,
  ready: () => boolean = () => true,
): void {
  registered = score;
  isReady = score ? ready : () => false;
}

export function deviceScorer(): DeviceScore | null {
  return registered;
}

/** A scorer is registered and can score now without the network. */
export function deviceScorerReady(): boolean {
  return registered !== null && isReady();
}

/**
 * Where a new recording goes: on the device when the parents keep recordings on the device, or
 * when the network is down and a device scorer is ready; otherwise to the server (which, offline
 * and without a ready device scorer, waits for the network as before, issue 22).
 */
export function chooseChannel(input: {
  offline: boolean;
  deviceOnly: boolean;
  hasDeviceScorer: boolean;
}): SpeechChannel {
  if (input.deviceOnly) return 'device';
  return input.offline && input.hasDeviceScorer ? 'device' : 'server';
}

/** An answer the device made: its one channel is the device (never the server's judgement). */
export function isDeviceAnswer(answer: Pick<TSpeechAnswer, 'result'> | null | undefined): boolean {
  const channels = answer?.result?.channels ?? [];
  return channels.length > 0 && channels.every((c) => c.name === DEVICE_CHANNEL);
}

/** 16 kHz mono samples as a 16-bit PCM WAV file (what POST /api/v1/audio takes). */
export function speechWav(samples: Float32Array, sampleRate = SPEECH_SAMPLE_RATE): Blob {
  const pcm = floatToInt16(samples);
  const header = pcm16MonoWavHeader(pcm.byteLength, sampleRate);
  return new Blob([header.buffer as ArrayBuffer, pcm.buffer as ArrayBuffer], { type: 'audio/wav' });
}
