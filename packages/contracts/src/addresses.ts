import { z } from 'zod';
import type { AreaEndpoints } from './endpoint-def';
import { ZFlag, ZRowId } from './ids';
import { routes } from './routes';

/**
 * The address book and region tree (learning-content §3 "address", "region tree"; §7 points-mall
 * address calls). Kept apart from the points mall: gift cards deliver to the same addresses.
 */

const regionCode = z.string().regex(/^\d{6}$/, '应为6位行政区划代码');

export const ZRegionCounty = z.object({ county_code: z.string(), county_name: z.string() });
export const ZRegionCity = z.object({
  city_code: z.string(),
  city_name: z.string(),
  counties: z.array(ZRegionCounty),
});
export const ZRegionProvince = z.object({
  province_code: z.string(),
  province_name: z.string(),
  cities: z.array(ZRegionCity),
});
/** GET area/list: the mainland tree (710000, 810000 and 820000 excluded). */
export const ZAreaList = z.object({ list: z.array(ZRegionProvince) });
export type TAreaList = z.infer<typeof ZAreaList>;
export type TRegionProvince = z.infer<typeof ZRegionProvince>;

export const ZAddress = z.object({
  address_id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  province_code: z.string(),
  city_code: z.string(),
  county_code: z.string(),
  province_name: z.string(),
  city_name: z.string(),
  county_name: z.string(),
  street: z.string(),
  is_default: z.union([z.literal(0), z.literal(1)]),
});
export type TAddress = z.infer<typeof ZAddress>;
export const ZAddressList = z.object({ list: z.array(ZAddress) });

/** POST address/save: a new address without address_id, else an update of one's own. */
export const ZAddressSave = z.object({
  address_id: ZRowId.optional(),
  name: z.string().max(60),
  phone: z.string().max(20),
  province_code: regionCode,
  city_code: regionCode,
  county_code: regionCode,
  street: z.string().max(200),
  is_default: ZFlag.default(0),
});
export type TAddressSave = z.input<typeof ZAddressSave>;
export type TAddressSaveParsed = z.infer<typeof ZAddressSave>;

export const ZAddressDelete = z.object({ address_id: ZRowId });
export const ZAddressDeleted = z.object({ address_id: z.number().int(), deleted: z.boolean() });

/** The endpoint table's entries of this area (endpoints.ts assembles the areas). */
export const addressesEndpoints = {
  areaList: {
    ...routes.areaList,
    summary: 'Province → city → county tree (GB/T 2260; 710000, 810000, 820000 excluded)',
    tags: ['addresses'],
    response: ZAreaList,
  },
  addressList: {
    ...routes.addressList,
    summary: 'My delivery addresses, the default first',
    tags: ['addresses'],
    response: ZAddressList,
  },
  saveAddress: {
    ...routes.saveAddress,
    summary: 'Add (no address_id) or change a delivery address; 400/10001 names the bad field',
    tags: ['addresses'],
    body: ZAddressSave,
    response: ZAddress,
  },
  deleteAddress: {
    ...routes.deleteAddress,
    summary: 'Delete one of my delivery addresses',
    tags: ['addresses'],
    body: ZAddressDelete,
    response: ZAddressDeleted,
  },
} as const satisfies AreaEndpoints;
