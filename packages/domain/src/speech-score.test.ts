import { describe, expect, it } from 'vitest';
import { type ChannelReading, channelPercent, combineChannelScores } from './speech-score';

describe('channelPercent (spec §9)', () => {
  it.each([
    [{ channel: 'judge', score: 87 }, 87],
    [{ channel: 'wechat', accuracy: 90, completion: 80 }, 72],
    [{ channel: 'vendor', score: 8_650 }, 86.5],
    [{ channel: 'judge', score: 140 }, 100],
    [{ channel: 'vendor', score: -5 }, 0],
    [{ channel: 'judge', score: Number.NaN }, null],
  ] as Array<[ChannelReading, number | null]>)('%j → %s', (reading, percent) => {
    expect(channelPercent(reading)).toBe(percent);
  });
});

describe('combineChannelScores: best channel, rounded-up percent', () => {
  it.each([
    [[{ channel: 'judge', score: 72 }], 72],
    [[{ channel: 'judge', score: 72.2 }], 73],
    [
      [
        { channel: 'judge', score: 70 },
        { channel: 'wechat', accuracy: 95, completion: 90 },
        { channel: 'vendor', score: 8_001 },
      ],
      86,
    ],
    [
      [
        { channel: 'judge', score: 91 },
        { channel: 'vendor', score: 8_999 },
      ],
      91,
    ],
    [[{ channel: 'wechat', accuracy: 100, completion: 80.0000000001 }], 80],
    [[], 0],
    [[{ channel: 'judge', score: Number.NaN }], 0],
  ] as Array<[ChannelReading[], number]>)('%j → %i', (readings, score) => {
    expect(combineChannelScores(readings)).toBe(score);
  });
});
