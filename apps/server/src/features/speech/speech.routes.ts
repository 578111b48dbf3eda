import { AUDIO_UPLOAD_MAX_BYTES, endpoints } from '@picbook/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/define-route';
import { deviceIdOf } from '../../platform/http/device-id';
import { readMultipart } from '../../platform/http/multipart';
import { registerDeletionStep } from '../auth';
import { handleAudioUpload } from './audio-upload';
import { createSpeechQueries } from './speech.queries';
import { handleSpeech } from './speech-sessions';

/** A whole WAV of the longest recording fits (60 s × 32 KB/s + header). */
const SPEECH_FILE_CAP = 2 * 1024 * 1024;

export function registerSpeechRoutes(app: FastifyInstance): void {
  defineRoute(app, endpoints.speech, async ({ deps, userId, request }) => {
    const { fields, file } = await readMultipart(request, endpoints.speech, SPEECH_FILE_CAP);
    return handleSpeech(deps, {
      userId,
      log: request.log,
      fields,
      audio: file?.buffer ?? null,
      deviceId: deviceIdOf(request) || null,
    });
  });

  defineRoute(app, endpoints.audio, async ({ deps, userId, request }) => {
    const { fields, file } = await readMultipart(request, endpoints.audio, AUDIO_UPLOAD_MAX_BYTES);
    return handleAudioUpload(deps, {
      userId,
      log: request.log,
      fields,
      file: file?.buffer ?? null,
    });
  });

  // A deleted account takes its recordings with it: rows by cascade, files after the commit.
  registerDeletionStep({
    name: 'recordings',
    collect: (deps, user) => createSpeechQueries(deps.db).recordingKeysOf(user.id),
    async afterCommit(deps, _user, collected) {
      for (const { key } of (collected as Array<{ key: string }>) ?? [])
        await deps.storage.delete(key);
    },
  });
}
