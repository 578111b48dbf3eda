/**
 * The region tree of delivery addresses (learning-content §3 "address", "region tree"):
 * province → city → county with GB/T 2260 six-digit codes. Provinces 710000, 810000 and 820000
 * are excluded (the mall ships to the mainland only).
 */
export const EXCLUDED_PROVINCES: readonly string[] = ['710000', '810000', '820000'];

export interface RegionCounty {
  county_code: string;
  county_name: string;
}
export interface RegionCity {
  city_code: string;
  city_name: string;
  counties: RegionCounty[];
}
export interface RegionProvince {
  province_code: string;
  province_name: string;
  cities: RegionCity[];
}

/** The flat lists of a region data package: code → name per level (Vant's area-data shape). */
export interface RegionLists {
  province_list: Record<string, string>;
  city_list: Record<string, string>;
  county_list: Record<string, string>;
}

/**
 * Builds the tree from flat code lists: a city belongs to the province with its first two
 * digits, a county to the city with its first four. Excluded provinces (and everything under
 * them) are left out; codes are sorted so the tree is stable.
 */
export function buildRegionTree(lists: RegionLists): RegionProvince[] {
  const byCode = (a: string, b: string) => a.localeCompare(b);
  const counties = new Map<string, RegionCounty[]>();
  for (const code of Object.keys(lists.county_list).sort(byCode)) {
    const key = code.slice(0, 4);
    const list = counties.get(key) ?? [];
    list.push({ county_code: code, county_name: lists.county_list[code] ?? '' });
    counties.set(key, list);
  }
  const cities = new Map<string, RegionCity[]>();
  for (const code of Object.keys(lists.city_list).sort(byCode)) {
    const key = code.slice(0, 2);
    const list = cities.get(key) ?? [];
    list.push({
      city_code: code,
      city_name: lists.city_list[code] ?? '',
      counties: counties.get(code.slice(0, 4)) ?? [],
    });
    cities.set(key, list);
  }
  return Object.keys(lists.province_list)
    .sort(byCode)
    .filter((code) => !EXCLUDED_PROVINCES.includes(code))
    .map((code) => ({
      province_code: code,
      province_name: lists.province_list[code] ?? '',
      cities: cities.get(code.slice(0, 2)) ?? [],
    }));
}

/**
 * Finds a province, city and county that belong together in the tree; null when any code is
 * unknown, excluded, or belongs to another branch.
 */
export function findRegionPath(
  tree: readonly RegionProvince[],
  codes: { province_code: string; city_code: string; county_code: string },
): { province: RegionProvince; city: RegionCity; county: RegionCounty } | null {
  const province = tree.find((p) => p.province_code === codes.province_code);
  const city = province?.cities.find((c) => c.city_code === codes.city_code);
  const county = city?.counties.find((c) => c.county_code === codes.county_code);
  return province && city && county ? { province, city, county } : null;
}
