import type { Page } from '@playwright/test';

/**
 * What the page really played, by address: every audio element whose play() started, and every Web
 * Audio buffer started on a running context (a suspended one makes no sound, so it is not
 * counted). Buffers are traced back to the address their bytes were fetched from. The app is not
 * changed for it: the browser's own prototypes are watched from an init script.
 */
export async function recordPlayedAudio(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const played: string[] = [];
    (window as unknown as { __played: string[] }).__played = played;
    const bytesFrom = new WeakMap<ArrayBuffer, string>();
    const bufferFrom = new WeakMap<AudioBuffer, string>();
    const arrayBuffer = Response.prototype.arrayBuffer;
    Response.prototype.arrayBuffer = async function (this: Response) {
      const bytes = await arrayBuffer.call(this);
      bytesFrom.set(bytes, new URL(this.url).pathname);
      return bytes;
    };
    const decode = BaseAudioContext.prototype.decodeAudioData;
    BaseAudioContext.prototype.decodeAudioData = function (
      this: BaseAudioContext,
      data: ArrayBuffer,
      ...rest: [DecodeSuccessCallback?, DecodeErrorCallback?]
    ) {
      const from = bytesFrom.get(data);
      return decode.call(this, data, ...rest).then((buffer) => {
        if (from) bufferFrom.set(buffer, from);
        return buffer;
      });
    };
    const start = AudioBufferSourceNode.prototype.start;
    AudioBufferSourceNode.prototype.start = function (
      this: AudioBufferSourceNode,
      ...args: [number?, number?, number?]
    ) {
      const from = this.buffer ? bufferFrom.get(this.buffer) : undefined;
      if (from && this.context.state === 'running') played.push(from);
      return start.apply(this, args);
    };
    // An element need not be in the document (new Audio()): its play() says when sound starts.
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      const started = play.call(this);
      const src = this.currentSrc || this.src;
      void started.then(
        () => {
          if (src && !src.startsWith('data:')) played.push(new URL(src).pathname);
        },
        () => undefined,
      );
      return started;
    };
  });
}

/** The addresses played so far, in order (paths, without the query). */
export function playedAudio(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window as unknown as { __played: string[] }).__played]);
}
