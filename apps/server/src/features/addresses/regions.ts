import { buildRegionTree, findRegionPath, type RegionProvince } from '@picbook/domain';
import { areaList } from '@vant/area-data';

let tree: RegionProvince[] | null = null;

/**
 * The mainland province → city → county tree from @vant/area-data (GB/T 2260 codes, maintained
 * with the yearly changes; decision 039), built once per process.
 */
export function regionTree(): RegionProvince[] {
  tree ??= buildRegionTree(areaList);
  return tree;
}

export interface RegionCodes {
  province_code: string;
  city_code: string;
  county_code: string;
}

/** Names of codes that belong together in the tree; null when they do not. */
export function regionNames(
  codes: RegionCodes,
): { province: string; city: string; county: string } | null {
  const path = findRegionPath(regionTree(), codes);
  return path
    ? {
        province: path.province.province_name,
        city: path.city.city_name,
        county: path.county.county_name,
      }
    : null;
}

/** 广东省 深圳市 南山区 (a municipality's city repeats nothing: 北京市 朝阳区). */
export function regionLabel(codes: RegionCodes): string {
  const names = regionNames(codes);
  if (!names) return '';
  const parts = [names.province, names.city, names.county];
  return parts.filter((part, i) => i === 0 || part !== parts[i - 1]).join(' ');
}
