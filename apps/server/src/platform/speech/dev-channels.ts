import type { IseSocket } from './iflytek-ise';
import { tc3Headers } from './tencent-soe';

/**
 * Development stand-ins for the cloud channels (SPEECH_DEV_CHANNELS=1): a `fetch` that answers
 * like Tencent's SOE and a socket that answers like iFlytek's ISE, so the real adapters —
 * signing, request bodies, response parsing, timeouts and the §9 combination — run end to end
 * on one machine. They check the adapter's authentication with the development credentials
 * below and score with the offline judge (`score`), reporting its figures in each provider's
 * own shape and scale.
 */

export const DEV_TENCENT = { secretId: 'AKIDdevPicbookSoe', secretKey: 'dev-soe-secret-key' };
export const DEV_IFLYTEK = {
  appId: 'devpicbook',
  apiKey: 'dev-ise-api-key',
  apiSecret: 'dev-ise-secret',
};

/** What the stand-ins report: the offline judge's figures (0–100). */
export interface DevFigures {
  accuracy: number;
  completeness: number;
  score: number;
}
export type DevScore = (wav: Buffer, refText: string) => Promise<DevFigures | null>;

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that answers TransmitOralProcessWithInit as SOE does. */
export function createDevSoeFetch(score: DevScore): typeof fetch {
  return async (_input, init) => {
    const payload = String(init?.body ?? '');
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const expected = tc3Headers({
      ...DEV_TENCENT,
      service: 'soe',
      host: headers.Host ?? '',
      action: headers['X-TC-Action'] ?? '',
      version: headers['X-TC-Version'] ?? '',
      payload,
      timestamp: Number(headers['X-TC-Timestamp']),
    });
    const requestId = `dev-${Date.now()}`;
    if (expected.Authorization !== headers.Authorization) {
      return json(200, {
        Response: {
          Error: { Code: 'AuthFailure.SignatureFailure', Message: 'signature mismatch' },
          RequestId: requestId,
        },
      });
    }
    const body = JSON.parse(payload) as {
      UserVoiceData: string;
      RefText: string;
      SessionId: string;
    };
    const figures = await score(Buffer.from(body.UserVoiceData, 'base64'), body.RefText);
    return json(200, {
      Response: {
        SessionId: body.SessionId,
        PronAccuracy: figures ? figures.accuracy : -1,
        PronFluency: figures ? 1 : -1,
        PronCompletion: figures ? figures.completeness / 100 : -1,
        SuggestedScore: figures ? figures.score : -1,
        Words: [],
        Status: 'Finished',
        RequestId: requestId,
      },
    });
  };
}

/** Opens a stand-in ISE socket: checks the URL's signature, collects the frames, answers. */
export function createDevIseConnect(
  score: DevScore,
  verify: (url: string) => boolean,
): (url: string) => IseSocket {
  return (url) => {
    const listeners: Record<string, Array<(arg?: unknown) => void>> = {};
    const emit = (event: string, arg?: unknown): void => {
      for (const l of listeners[event] ?? []) l(arg);
    };
    let text = '';
    const audio: Buffer[] = [];
    let open = true;
    const reply = (body: unknown): void => {
      if (open) emit('message', JSON.stringify(body));
    };
    const socket: IseSocket = {
      send(data) {
        const frame = JSON.parse(data) as {
          business?: { cmd?: string; text?: string };
          data?: { status?: number; data?: string };
        };
        if (frame.business?.cmd === 'ssb')
          text = (frame.business.text ?? '').replace(/^\uFEFF/, '');
        if (frame.data?.data) audio.push(Buffer.from(frame.data.data, 'base64'));
        if (frame.data?.status !== 2) return;
        void score(pcmToWav(Buffer.concat(audio)), text).then((figures) => {
          const attrs = figures
            ? `total_score="${(figures.score / 20).toFixed(3)}" accuracy_score="${(figures.accuracy / 20).toFixed(3)}" integrity_score="${(figures.completeness / 20).toFixed(3)}"`
            : 'total_score="0.000" is_rejected="true"';
          const xml = `<?xml version="1.0" ?><xml_result><read_sentence lan="en" type="study" version="7,0,0,1024"><rec_paper><read_chapter content="${text}" ${attrs}></read_chapter></rec_paper></read_sentence></xml_result>`;
          reply({
            code: 0,
            message: 'success',
            sid: 'dev-ise',
            data: { status: 2, data: Buffer.from(xml).toString('base64') },
          });
        });
      },
      close() {
        if (!open) return;
        open = false;
        emit('close');
      },
      on(event: string, listener: (arg?: never) => void) {
        const list = listeners[event] ?? [];
        list.push(listener as (arg?: unknown) => void);
        listeners[event] = list;
      },
    } as IseSocket;
    setImmediate(() => {
      if (!verify(url)) {
        reply({ code: 10313, message: 'invalid authorization (dev)', sid: 'dev-ise' });
        return;
      }
      emit('open');
    });
    return socket;
  };
}

/** A 16 kHz 16-bit mono WAV around PCM bytes. */
export function pcmToWav(pcm: Buffer): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16_000, 24);
  header.writeUInt32LE(32_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}
