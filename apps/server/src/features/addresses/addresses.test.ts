import { endpoints } from '@picbook/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../test/envelope';
import { type MallKit, startMallKit } from '../../../test/mall-kit';

/** The address book and the region tree (learning-content §3 address, region tree). */
let kit: MallKit;
const SAVE = '/api/v1/points_mall/address/save';
const valid = {
  name: '李华',
  phone: '13912345678',
  province_code: '440000',
  city_code: '440300',
  county_code: '440305',
  street: '科技园南路8号',
};

beforeAll(async () => {
  kit = await startMallKit();
});
afterAll(() => kit.close());

describe('region tree', () => {
  it('is the mainland tree: 31 provinces, without 710000, 810000 and 820000', async () => {
    const { list } = expectOk(
      await kit.get('/api/v1/points_mall/area/list', await kit.member()),
      endpoints.areaList,
    );
    const codes = list.map((p) => p.province_code);
    expect(codes).toHaveLength(31);
    for (const excluded of ['710000', '810000', '820000']) expect(codes).not.toContain(excluded);
    const guangdong = list.find((p) => p.province_code === '440000');
    expect(guangdong?.province_name).toBe('广东省');
    const shenzhen = guangdong?.cities.find((c) => c.city_code === '440300');
    expect(shenzhen?.counties.find((c) => c.county_code === '440305')?.county_name).toBe('南山区');
    // Every city has its counties (cities without districts, like Dongguan, list towns).
    for (const province of list) {
      expect(province.cities.length).toBeGreaterThan(0);
      for (const city of province.cities) expect(city.counties.length).toBeGreaterThan(0);
    }
  });
});

describe('address book', () => {
  it('saves, lists (default first), changes and deletes addresses', async () => {
    const m = await kit.member();
    const first = expectOk(await kit.post(SAVE, m, valid), endpoints.saveAddress);
    expect(first).toMatchObject({
      is_default: 1,
      province_name: '广东省',
      city_name: '深圳市',
      county_name: '南山区',
    });
    const second = expectOk(
      await kit.post(SAVE, m, { ...valid, name: '李雷', street: '深南大道1000号', is_default: 1 }),
      endpoints.saveAddress,
    );
    let list = expectOk(
      await kit.get('/api/v1/points_mall/address/list', m),
      endpoints.addressList,
    ).list;
    expect(list.map((a) => [a.address_id, a.is_default])).toEqual([
      [second.address_id, 1],
      [first.address_id, 0],
    ]);
    const changed = expectOk(
      await kit.post(SAVE, m, { ...valid, address_id: first.address_id, street: '高新南一道2号' }),
      endpoints.saveAddress,
    );
    expect(changed).toMatchObject({ address_id: first.address_id, street: '高新南一道2号' });
    expectOk(
      await kit.post('/api/v1/points_mall/address/delete', m, { address_id: second.address_id }),
      endpoints.deleteAddress,
    );
    list = expectOk(
      await kit.get('/api/v1/points_mall/address/list', m),
      endpoints.addressList,
    ).list;
    expect(list.map((a) => [a.address_id, a.is_default])).toEqual([[first.address_id, 1]]);
    // Another family's address is not mine to change or delete.
    const other = await kit.member();
    expectError(
      await kit.post(SAVE, other, { ...valid, address_id: first.address_id }),
      200,
      10024,
    );
    expectError(
      await kit.post('/api/v1/points_mall/address/delete', other, { address_id: first.address_id }),
      200,
      10024,
    );
  });

  it.each([
    [{ name: '  ' }, 'name', '请填写收货人姓名'],
    [{ phone: '12345' }, 'phone', '请输入正确的11位手机号'],
    [{ phone: '' }, 'phone', '请填写手机号'],
    [{ street: '1号' }, 'street', '请填写详细地址（街道、门牌号）'],
    [{ county_code: '110105' }, 'county_code', '请选择正确的省、市、区（暂不支持港澳台地区）'],
    [
      { province_code: '810000', city_code: '810100', county_code: '810101' },
      'county_code',
      '请选择正确的省、市、区（暂不支持港澳台地区）',
    ],
  ])('%j → 400 / 10001 on %s: %s', async (change, field, message) => {
    const error = expectError(
      await kit.post(SAVE, await kit.member(), { ...valid, ...change }),
      400,
      10001,
    );
    expect(error.msg).toBe(message);
    expect(error.data).toEqual({ field });
  });

  it.each([
    [{ province_code: '44' }, 'province_code'],
    [{ name: 'x'.repeat(61) }, 'name'],
    [{ phone: undefined }, 'phone'],
  ])('schema: %j → 400 / 10001 naming %s', async (change, field) => {
    const error = expectError(
      await kit.post(SAVE, await kit.member(), { ...valid, ...change }),
      400,
      10001,
    );
    expect(error.msg).toContain(field);
  });

  it('keeps at most 20 addresses a family', async () => {
    const m = await kit.member();
    for (let i = 0; i < 20; i++) expectOk(await kit.post(SAVE, m, valid), endpoints.saveAddress);
    const error = expectError(await kit.post(SAVE, m, valid), 200, 10400);
    expect(error.msg).toContain('最多保存20个地址');
  });
});
