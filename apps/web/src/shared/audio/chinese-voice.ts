import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Spoken Chinese for a child who cannot read it yet (the reader's 精讲 explanations, decision 075):
 * the device's own Mandarin voice through the Web Speech API — the natural voices phones ship
 * (iOS 婷婷, Android's system TTS) and that work offline. Without one the text stays as is.
 */

type Synth = Pick<
  SpeechSynthesis,
  'getVoices' | 'speak' | 'cancel' | 'addEventListener' | 'removeEventListener'
>;

function synth(): Synth | null {
  return typeof window !== 'undefined' && 'speechSynthesis' in window
    ? window.speechSynthesis
    : null;
}

/** The best Mandarin voice: mainland Chinese first, a voice on the device before a network one. */
export function pickChineseVoice(
  voices: readonly Pick<SpeechSynthesisVoice, 'lang' | 'localService' | 'name'>[],
): number {
  let best = -1;
  let bestRank = 0;
  voices.forEach((voice, i) => {
    const lang = voice.lang.replace('_', '-').toLowerCase();
    const region =
      lang === 'zh-cn' || lang === 'cmn-cn' || lang === 'cmn-hans-cn'
        ? 3
        : lang.startsWith('zh-hans') || lang === 'zh' || lang === 'cmn'
          ? 2
          : lang === 'zh-tw' || lang === 'zh-sg'
            ? 1
            : 0;
    if (region === 0) return;
    const rank = region * 2 + (voice.localService ? 1 : 0);
    if (rank > bestRank) {
      best = i;
      bestRank = rank;
    }
  });
  return best;
}

/** Speech rate for children: a little slower than the voice's default. */
export const CHINESE_RATE = 0.9;

export interface ChineseVoice {
  /** The device can say Chinese. */
  available: boolean;
  speaking: boolean;
  speak(text: string): void;
  stop(): void;
}

export function useChineseVoice(): ChineseVoice {
  const [voice, setVoice] = useState<SpeechSynthesisVoice | null>(null);
  const [speaking, setSpeaking] = useState(false);
  const current = useRef<SpeechSynthesisUtterance | null>(null);

  useEffect(() => {
    const s = synth();
    if (!s) return;
    const choose = () => {
      const voices = s.getVoices();
      setVoice(voices[pickChineseVoice(voices)] ?? null);
    };
    choose();
    // Voices arrive late in Chrome.
    s.addEventListener('voiceschanged', choose);
    return () => {
      s.removeEventListener('voiceschanged', choose);
      s.cancel();
    };
  }, []);

  const stop = useCallback(() => {
    current.current = null;
    synth()?.cancel();
    setSpeaking(false);
  }, []);

  const speak = useCallback(
    (text: string) => {
      const s = synth();
      if (!s || !voice || !text) return;
      s.cancel();
      let utterance: SpeechSynthesisUtterance;
      try {
        utterance = new SpeechSynthesisUtterance(text);
        utterance.voice = voice;
      } catch {
        return;
      }
      utterance.lang = voice.lang;
      utterance.rate = CHINESE_RATE;
      const done = () => {
        if (current.current === utterance) {
          current.current = null;
          setSpeaking(false);
        }
      };
      utterance.onend = done;
      utterance.onerror = done;
      current.current = utterance;
      setSpeaking(true);
      try {
        s.speak(utterance);
      } catch {
        // A device whose speech engine refuses: the note stays to be read.
        done();
      }
    },
    [voice],
  );

  return { available: voice !== null, speaking, speak, stop };
}
