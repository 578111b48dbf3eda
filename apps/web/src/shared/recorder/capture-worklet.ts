/**
 * AudioWorklet processor of the recorder (runs on the audio rendering thread). It copies the
 * microphone's mono input into blocks of BLOCK frames and posts each block to the main thread
 * (transferring the buffer), where it is resampled, metered and streamed.
 * Loaded by capture.ts as its own bundle (`?worker&url`); it imports nothing.
 */

// The AudioWorkletGlobalScope is not in TypeScript's DOM library: the little this file uses.
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(
  name: string,
  processor: new () => AudioWorkletProcessor & {
    process(inputs: Float32Array[][], outputs: Float32Array[][]): boolean;
  },
): void;

/** 512 frames ≈ 11 ms at 48 kHz: fine enough for a 30 Hz meter, few enough messages. */
const BLOCK = 512;
/** Must match CAPTURE_PROCESSOR in capture.ts. */
const NAME = 'picbook-capture';

class CaptureProcessor extends AudioWorkletProcessor {
  private block = new Float32Array(BLOCK);
  private fill = 0;
  private running = true;

  constructor() {
    super();
    this.port.onmessage = (event: MessageEvent) => {
      if (event.data === 'stop') this.running = false;
    };
  }

  process(inputs: Float32Array[][]): boolean {
    const channels = inputs[0];
    const first = channels?.[0];
    // No input yet (the source is not connected or the track is muted): keep the node alive.
    if (!channels || !first) return this.running;
    for (let i = 0; i < first.length; i++) {
      let sample = 0;
      for (const channel of channels) sample += channel[i] ?? 0;
      this.block[this.fill++] = sample / channels.length;
      if (this.fill === BLOCK) {
        this.port.postMessage(this.block, [this.block.buffer]);
        this.block = new Float32Array(BLOCK);
        this.fill = 0;
      }
    }
    return this.running;
  }
}

registerProcessor(NAME, CaptureProcessor);

// A module, so the declarations above stay local to this file.
export {};
