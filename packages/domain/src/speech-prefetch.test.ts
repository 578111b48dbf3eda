import { describe, expect, it } from 'vitest';
import {
  prefetchNetwork,
  type SpeechPrefetchDecision,
  type SpeechPrefetchInput,
  speechPrefetchDecision,
} from './speech-prefetch';

const on = { allowed: true, online: true };

describe('speechPrefetchDecision: the device scorer’s files on Wi‑Fi when the parents allow it', () => {
  it.each<[string, SpeechPrefetchInput, SpeechPrefetchDecision]>([
    ['Wi‑Fi, setting on', { ...on, connectionType: 'wifi' }, 'prefetch'],
    ['a cable', { ...on, connectionType: 'ethernet' }, 'prefetch'],
    ['setting off', { ...on, allowed: false, connectionType: 'wifi' }, 'setting-off'],
    ['offline', { ...on, online: false, connectionType: 'wifi' }, 'offline'],
    ['Wi‑Fi but save data', { ...on, connectionType: 'wifi', saveData: true }, 'save-data'],
    ['cellular', { ...on, connectionType: 'cellular' }, 'not-wifi'],
    ['bluetooth tethering', { ...on, connectionType: 'bluetooth' }, 'not-wifi'],
    ['wimax', { ...on, connectionType: 'wimax' }, 'not-wifi'],
    ['the browser says nothing (desktop)', { ...on }, 'unknown-network'],
    ['the browser says unknown', { ...on, connectionType: 'unknown' }, 'unknown-network'],
    ['connection type none', { ...on, connectionType: 'none' }, 'offline'],
    [
      'in a shell on Wi‑Fi (no navigator.connection)',
      { ...on, inShell: true, shellNetwork: 'WIFI' },
      'prefetch',
    ],
    ['in a shell on 4G', { ...on, inShell: true, shellNetwork: '4g' }, 'not-wifi'],
    [
      'the shell says 4G, the WebView says wifi: the shell wins',
      { ...on, inShell: true, shellNetwork: '4g', connectionType: 'wifi' },
      'not-wifi',
    ],
    [
      'an older shell that says nothing: the WebView’s type',
      { ...on, inShell: true, shellNetwork: null, connectionType: 'wifi' },
      'prefetch',
    ],
    [
      'an older shell, no WebView type',
      { ...on, inShell: true, shellNetwork: null },
      'unknown-network',
    ],
    [
      'a shell network outside a shell is not read',
      { ...on, inShell: false, shellNetwork: 'wifi' },
      'unknown-network',
    ],
    [
      'in a shell on Wi‑Fi but save data',
      { ...on, inShell: true, shellNetwork: 'wifi', saveData: true },
      'save-data',
    ],
  ])('%s', (_name, input, expected) => {
    expect(speechPrefetchDecision(input)).toBe(expected);
  });
});

describe('prefetchNetwork: the names browsers and shells give', () => {
  it.each([
    ['wifi', 'wifi'],
    ['WIFI', 'wifi'],
    ['Wi-Fi', 'wifi'],
    ['wlan', 'wifi'],
    ['ethernet', 'ethernet'],
    ['cellular', 'cellular'],
    ['4G', 'cellular'],
    ['5g', 'cellular'],
    ['mobile', 'cellular'],
    ['none', 'none'],
    ['', 'unknown'],
    [undefined, 'unknown'],
    ['unknown', 'unknown'],
    ['bluetooth', 'other'],
    ['mixed', 'other'],
  ])('%s → %s', (name, expected) => {
    expect(prefetchNetwork(name)).toBe(expected);
  });
});
