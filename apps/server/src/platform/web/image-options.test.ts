import { describe, expect, it } from 'vitest';
import { hasImageOptions, ImageOptionError, parseImageOptions } from './image-options';

describe('image display options (spec §3)', () => {
  it('defaults: gravity center, quality 85, interlace 1', () => {
    expect(parseImageOptions({})).toMatchObject({
      gravity: 'center',
      quality: 85,
      interlace: true,
      rotate: 0,
      blur: null,
    });
  });

  it.each([
    [{ thumbnail: '400x300' }, { thumbnail: { width: 400, height: 300 } }],
    [{ thumbnail: '400x' }, { thumbnail: { width: 400, height: null } }],
    [{ thumbnail: 'x300' }, { thumbnail: { width: null, height: 300 } }],
    [
      { crop: '270x270', gravity: 'north' },
      { crop: { width: 270, height: 270 }, gravity: 'north' },
    ],
    [{ scrop: '400x400' }, { scrop: { width: 400, height: 400 } }],
    [{ cut: '10,20,300,200' }, { cut: { left: 10, top: 20, width: 300, height: 200 } }],
    [{ rotate: '90' }, { rotate: 90 }],
    [{ quality: '60' }, { quality: 60 }],
    [{ blur: '5' }, { blur: 5 }],
    [{ interlace: '0' }, { interlace: false }],
    [{ placeholder: '1' }, { placeholder: true }],
    [{ format: 'jpeg' }, { format: 'jpeg' }],
  ])('%j', (query, expected) => {
    expect(parseImageOptions(query)).toMatchObject(expected);
  });

  it.each([
    [{ thumbnail: 'big' }, 'thumbnail'],
    [{ thumbnail: 'x' }, 'thumbnail'],
    [{ thumbnail: '5000x10' }, 'thumbnail'],
    [{ thumbnail: '4096x4096' }, 'thumbnail'],
    [{ thumbnail: '123x' }, 'thumbnail'],
    [{ blur: '2.5' }, 'blur'],
    [{ blur: '51' }, 'blur'],
    [{ rotate: '10.5' }, 'rotate'],
    [{ crop: '270x' }, 'crop'],
    [{ crop: '16x16', scrop: '16x16' }, 'scrop'],
    [{ cut: '1,2,3' }, 'cut'],
    [{ cut: '0,0,0,5' }, 'cut'],
    [{ gravity: 'up' }, 'gravity'],
    [{ rotate: '999' }, 'rotate'],
    [{ quality: '0' }, 'quality'],
    [{ quality: 'high' }, 'quality'],
    [{ blur: '0' }, 'blur'],
    [{ interlace: 'yes' }, 'interlace'],
    [{ format: 'gif' }, 'format'],
    [{ width: '100' }, 'width'],
    [{ quality: ['60', '70'] }, 'quality'],
  ])('refuses %j naming %s', (query, param) => {
    try {
      parseImageOptions(query);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ImageOptionError);
      expect((error as ImageOptionError).param).toBe(param);
    }
  });

  it('knows when a query asks for a transformation', () => {
    expect(hasImageOptions({ v: '2' })).toBe(false);
    expect(hasImageOptions({ quality: '50' })).toBe(true);
  });
});
