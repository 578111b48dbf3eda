import type { HiddenPolicy } from './audio-types';
import type { AudioChannel } from './environment';

/** What the channels ask of a track. */
export interface ChannelMember {
  readonly channel: AudioChannel;
  stop(): void;
  setDucked(ducked: boolean, ms?: number): void;
  holdForHidden(): void;
  releaseFromHidden(): void;
}

/**
 * The three channels: one voice at a time (a new one stops the last), effects that overlap and
 * can be muted, music ducked while a voice plays; and the hidden-page policy (pause everything
 * while hidden, or play on). `onHide`/`onShow` suspend and resume the audio context.
 */
export class Channels<T extends ChannelMember> {
  private readonly active = new Set<T>();
  private hidden: boolean;
  private hiddenPolicy: HiddenPolicy = 'pause';
  private effectsMuted = false;
  private ducked = false;

  constructor(
    initiallyHidden: boolean,
    private readonly onHide: () => void,
    private readonly onShow: () => void,
  ) {
    this.hidden = initiallyHidden;
  }

  get effectsAreMuted(): boolean {
    return this.effectsMuted;
  }

  get isDucked(): boolean {
    return this.ducked;
  }

  setEffectsMuted(muted: boolean): void {
    this.effectsMuted = muted;
    if (muted) this.stopAll('effect');
  }

  stopAll(channel?: AudioChannel): void {
    for (const track of [...this.active]) {
      if (!channel || track.channel === channel) track.stop();
    }
  }

  /** Whether a track that wants to sound must wait (hidden page, policy pause). */
  shouldHold(): boolean {
    return this.hidden && this.hiddenPolicy === 'pause';
  }

  activate(track: T): void {
    if (track.channel === 'voice') {
      for (const other of [...this.active]) {
        if (other !== track && other.channel === 'voice') other.stop();
      }
    }
    this.active.add(track);
    if (track.channel === 'music') track.setDucked(this.ducked, 0);
    this.updateDuck();
  }

  deactivate(track: T): void {
    if (!this.active.delete(track)) return;
    this.updateDuck();
  }

  setHiddenPolicy(policy: HiddenPolicy): void {
    if (policy === this.hiddenPolicy) return;
    this.hiddenPolicy = policy;
    if (!this.hidden) return;
    if (policy === 'pause') this.holdAll();
    else this.releaseAll();
  }

  setHidden(hidden: boolean): void {
    if (hidden === this.hidden) return;
    this.hidden = hidden;
    if (this.hiddenPolicy !== 'pause') return;
    if (hidden) this.holdAll();
    else this.releaseAll();
  }

  private updateDuck(): void {
    let ducked = false;
    for (const track of this.active) if (track.channel === 'voice') ducked = true;
    if (ducked === this.ducked) return;
    this.ducked = ducked;
    for (const track of this.active) if (track.channel === 'music') track.setDucked(ducked);
  }

  private holdAll(): void {
    for (const track of [...this.active]) track.holdForHidden();
    this.onHide();
  }

  private releaseAll(): void {
    this.onShow();
    for (const track of [...this.active]) track.releaseFromHidden();
  }
}
