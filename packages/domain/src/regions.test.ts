import { describe, expect, it } from 'vitest';
import { buildRegionTree, EXCLUDED_PROVINCES, findRegionPath } from './regions';

const lists = {
  province_list: {
    '110000': '北京市',
    '440000': '广东省',
    '710000': '台湾省',
    '810000': '香港特别行政区',
    '820000': '澳门特别行政区',
  },
  city_list: {
    '110100': '北京市',
    '440300': '深圳市',
    '441900': '东莞市',
    '710100': '台北市',
    '810100': '香港岛',
    '820100': '澳门半岛',
  },
  county_list: {
    '110105': '朝阳区',
    '110101': '东城区',
    '440305': '南山区',
    '441901': '中堂镇',
    '710101': '中正区',
    '810101': '中西区',
    '820101': '花地玛堂区',
  },
};

describe('region tree (§3: provinces 710000, 810000, 820000 are excluded)', () => {
  const tree = buildRegionTree(lists);

  it('keeps the mainland provinces only', () => {
    expect(tree.map((p) => p.province_code)).toEqual(['110000', '440000']);
    expect(EXCLUDED_PROVINCES).toEqual(['710000', '810000', '820000']);
  });

  it('nests cities by the first two digits and counties by the first four, sorted', () => {
    expect(tree[0]).toEqual({
      province_code: '110000',
      province_name: '北京市',
      cities: [
        {
          city_code: '110100',
          city_name: '北京市',
          counties: [
            { county_code: '110101', county_name: '东城区' },
            { county_code: '110105', county_name: '朝阳区' },
          ],
        },
      ],
    });
    expect(tree[1]?.cities.map((c) => c.city_code)).toEqual(['440300', '441900']);
  });

  it.each([
    [{ province_code: '440000', city_code: '440300', county_code: '440305' }, true],
    [{ province_code: '440000', city_code: '441900', county_code: '440305' }, false],
    [{ province_code: '110000', city_code: '440300', county_code: '440305' }, false],
    [{ province_code: '810000', city_code: '810100', county_code: '810101' }, false],
    [{ province_code: '710000', city_code: '710100', county_code: '710101' }, false],
  ])('path %j valid: %s', (codes, valid) => {
    expect(findRegionPath(tree, codes) !== null).toBe(valid);
  });
});
