import { describe, expect, it } from 'vitest';
import { pickChineseVoice } from './chinese-voice';

const v = (lang: string, localService = true, name = lang) => ({ lang, localService, name });

describe('the Mandarin voice for explanations', () => {
  it.each([
    [[v('en-US'), v('zh-CN')], 1],
    [[v('en-US'), v('fr-FR')], -1],
    [[], -1],
    [[v('zh-TW'), v('zh-CN', false)], 1],
    [[v('zh-CN', false), v('zh-CN', true)], 1],
    [[v('zh_CN'), v('en-GB')], 0],
    [[v('zh-HK'), v('cmn-Hans-CN')], 1],
    [[v('zh-TW', true), v('ja-JP')], 0],
  ])('%j → %i', (voices, expected) => {
    expect(pickChineseVoice(voices)).toBe(expected);
  });
});
