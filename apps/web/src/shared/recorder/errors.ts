import { i18n } from '../i18n';
import { isOffline } from '../platform/network';
import { isNetworkFailure } from '../request/request-error';
import { recorderZh } from './locales';
import { SpeechUploadError } from './uploader';

/**
 * What can go wrong with a recording, as the spec words it (learning-content §8): permission
 * code 2001, the browser's microphone errors, 'recording had a small problem' with #1 (capture),
 * #4 (upload) or #5 (scoring), and the too-short warning.
 */
export type RecorderErrorKind =
  | 'permission'
  | 'refused'
  | 'unsupported'
  | 'notFound'
  | 'cannotOpen'
  | 'capture'
  | 'upload'
  | 'scoring'
  | 'offline'
  | 'tooShort';

/** Native shells report a missing recording permission with this code. */
export const RECORDING_PERMISSION_CODE = 2001;

const FAILURE_SUFFIX = { capture: 1, upload: 4, scoring: 5 } as const;

/** getUserMedia / MediaStreamTrack error names (and their pre-standard Chrome spellings). */
const MEDIA_ERROR_KINDS: Record<string, RecorderErrorKind> = {
  NotAllowedError: 'refused',
  PermissionDeniedError: 'refused',
  SecurityError: 'refused',
  NotSupportedError: 'unsupported',
  NotFoundError: 'notFound',
  DevicesNotFoundError: 'notFound',
  OverconstrainedError: 'notFound',
  ConstraintNotSatisfiedError: 'notFound',
  NotReadableError: 'cannotOpen',
  TrackStartError: 'cannotOpen',
  AbortError: 'cannotOpen',
};

export class RecorderError extends Error {
  constructor(
    readonly kind: RecorderErrorKind,
    /** What was thrown underneath (DOMException, RequestError ...), for the report. */
    readonly reason?: unknown,
  ) {
    super(recorderMessage(kind));
    this.name = 'RecorderError';
  }

  /** Too short and no network are warnings (a toast in yellow), not failures of the app. */
  get isWarning(): boolean {
    return this.kind === 'tooShort' || this.kind === 'offline';
  }
}

/** The message in the current language (zh-CN when the namespace is missing). */
export function recorderMessage(kind: RecorderErrorKind): string {
  if (kind === 'capture' || kind === 'upload' || kind === 'scoring') {
    const code = FAILURE_SUFFIX[kind];
    return i18n.t('failed', {
      ns: 'recorder',
      code,
      defaultValue: recorderZh.failed.replace('{{code}}', String(code)),
    });
  }
  return i18n.t(kind, { ns: 'recorder', defaultValue: recorderZh[kind] });
}

const errorName = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';

const errorCode = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;

/**
 * Maps anything thrown while recording to the spec's cases. `fallback` says which generic
 * failure it is when nothing more specific matches.
 */
export function toRecorderError(
  error: unknown,
  fallback: 'capture' | 'upload' | 'scoring' = 'capture',
): RecorderError {
  if (error instanceof RecorderError) return error;
  if (error instanceof SpeechUploadError) {
    if (error.code === RECORDING_PERMISSION_CODE)
      return new RecorderError('permission', error.reason);
    // No answer at all (status 0) while the device says it is offline: the network is the cause,
    // not the microphone.
    if (isNetworkFailure(error.reason) && isOffline()) {
      return new RecorderError('offline', error.reason);
    }
    return new RecorderError(error.stage === 'upload' ? 'upload' : 'scoring', error.reason);
  }
  if (errorCode(error) === RECORDING_PERMISSION_CODE) return new RecorderError('permission', error);
  const kind = MEDIA_ERROR_KINDS[errorName(error)];
  return new RecorderError(kind ?? fallback, error);
}
