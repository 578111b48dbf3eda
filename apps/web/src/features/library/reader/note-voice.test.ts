import type { TReadMode } from '@picbook/contracts';
import { describe, expect, it } from 'vitest';
import { noteVoiceOf } from './note-voice';

const NOTE = '「I see …」表示“我看见……”。';
const FILE = '/media/books/1101/n1.abcdef12.mp3?exp=1&sig=x';
const withFile = { note_cn: NOTE, note_audio: FILE };
const textOnly = { note_cn: NOTE, note_audio: null };
const noNote = { note_cn: null, note_audio: null };

/** Decision 099: the note's button says the note (its MP3), never the page's English. */
describe('which voice says a page note', () => {
  it.each<
    [
      string,
      typeof withFile | typeof textOnly | typeof noNote,
      TReadMode,
      boolean,
      boolean,
      ReturnType<typeof noteVoiceOf>,
    ]
  >([
    ['精讲 with a built note', withFile, 'explain', false, false, { kind: 'file', url: FILE }],
    [
      '精讲, device voice too: the file wins',
      withFile,
      'explain',
      false,
      true,
      { kind: 'file', url: FILE },
    ],
    [
      '中文辅助读 with the Chinese shown',
      withFile,
      'cn_read',
      true,
      false,
      { kind: 'file', url: FILE },
    ],
    ['中文辅助读 with the Chinese hidden', withFile, 'cn_read', false, true, null],
    ['读绘本 never says notes', withFile, 'read', true, true, null],
    [
      'an old book without the file: the device voice',
      textOnly,
      'explain',
      false,
      true,
      { kind: 'device', text: NOTE },
    ],
    [
      'no file and no device voice: silent, the note stays text',
      textOnly,
      'explain',
      false,
      false,
      null,
    ],
    ['a page without a note', noNote, 'explain', true, true, null],
  ])('%s', (_name, page, mode, showChinese, device, expected) => {
    expect(noteVoiceOf(page, mode, showChinese, device)).toEqual(expected);
  });

  it('an operator-less answer (note_audio missing) falls back like null', () => {
    expect(noteVoiceOf({ note_cn: NOTE }, 'explain', false, true)).toEqual({
      kind: 'device',
      text: NOTE,
    });
    expect(noteVoiceOf(null, 'explain', false, true)).toBeNull();
  });
});
