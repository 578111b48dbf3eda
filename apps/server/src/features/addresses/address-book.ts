import { ErrorCode, type TAddress, type TAddressSaveParsed } from '@picbook/contracts';
import { ADDRESS_LIMITS, checkAddress } from '@picbook/domain';
import type { Db } from '../../platform/db/client';
import type { OrderAddressJson } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { type AddressRow, createAddressQueries } from './addresses.queries';
import { type RegionCodes, regionLabel, regionNames } from './regions';

export function presentAddress(row: AddressRow): TAddress {
  const names = regionNames(codesOf(row));
  return {
    address_id: row.id,
    name: row.name,
    phone: row.phone,
    province_code: row.provinceCode,
    city_code: row.cityCode,
    county_code: row.countyCode,
    province_name: names?.province ?? '',
    city_name: names?.city ?? '',
    county_name: names?.county ?? '',
    street: row.street,
    is_default: row.isDefault ? 1 : 0,
  };
}

export const codesOf = (row: AddressRow): RegionCodes => ({
  province_code: row.provinceCode,
  city_code: row.cityCode,
  county_code: row.countyCode,
});

/** A clear 400 / 10001 for one field of the address form. */
const badField = (field: string, message: string) =>
  new AppError(ErrorCode.InvalidParams, message, { field });

/**
 * POST address/save: checks the form (names the field and says what is wrong), that the region
 * codes belong together on the mainland tree, and the per-family limit; the first address (or
 * one saved as default) becomes the default.
 */
export async function saveAddress(
  db: Db,
  userId: number,
  input: TAddressSaveParsed,
  now: Date,
): Promise<TAddress> {
  const problem = checkAddress({ name: input.name, phone: input.phone, street: input.street });
  if (problem) throw badField(problem.field, problem.message);
  const codes = {
    province_code: input.province_code,
    city_code: input.city_code,
    county_code: input.county_code,
  };
  if (!regionNames(codes)) {
    throw badField('county_code', '请选择正确的省、市、区（暂不支持港澳台地区）');
  }
  return db.transaction(async (tx) => {
    const q = createAddressQueries(tx);
    const count = await q.count(userId);
    const values = {
      name: input.name.trim(),
      phone: input.phone.trim(),
      provinceCode: codes.province_code,
      cityCode: codes.city_code,
      countyCode: codes.county_code,
      street: input.street.trim(),
      isDefault: input.is_default === 1 || count === 0,
    };
    let row: AddressRow | null;
    if (input.address_id) {
      const existing = await q.find(userId, input.address_id);
      if (!existing) throw new AppError(ErrorCode.RecordNotFound, '地址不存在或已删除');
      row = await q.update(
        userId,
        input.address_id,
        {
          ...values,
          isDefault: values.isDefault || existing.isDefault,
        },
        now,
      );
    } else {
      if (count >= ADDRESS_LIMITS.perUser) {
        throw new AppError(
          ErrorCode.NotAllowed,
          `最多保存${ADDRESS_LIMITS.perUser}个地址，请先删除不用的地址`,
        );
      }
      row = await q.insert(userId, values, now);
    }
    if (!row) throw new AppError(ErrorCode.RecordNotFound, '地址不存在或已删除');
    if (row.isDefault) await q.clearOtherDefaults(userId, row.id);
    return presentAddress(row);
  });
}

/** One of the family's addresses, or 10024. */
export async function findOwnAddress(db: Db, userId: number, id: number): Promise<AddressRow> {
  const row = await createAddressQueries(db).find(userId, id);
  if (!row) throw new AppError(ErrorCode.RecordNotFound, '收货地址不存在，请重新选择');
  return row;
}

/** Deletes one of the family's addresses; when it was the default, the newest left takes over. */
export async function deleteAddress(db: Db, userId: number, id: number) {
  return db.transaction(async (tx) => {
    const q = createAddressQueries(tx);
    const row = await q.find(userId, id);
    if (!row || !(await q.remove(userId, id))) {
      throw new AppError(ErrorCode.RecordNotFound, '地址不存在或已删除');
    }
    if (row.isDefault) {
      const next = (await q.list(userId))[0];
      if (next) await q.setDefault(userId, next.id);
    }
    return { address_id: id, deleted: true };
  });
}

/** The copy of an address an order or a prize keeps (later edits of the book do not move it). */
export function addressSnapshot(row: AddressRow): OrderAddressJson {
  return {
    name: row.name,
    phone: row.phone,
    ...codesOf(row),
    region: regionLabel(codesOf(row)),
    street: row.street,
  };
}
