import { describe, expect, it } from 'vitest';
import { createFakeFetch, jsonResponse } from './fake-fetch';
import { createRealProviders } from './index';
import { THIRD_PARTY_TYPES } from './types';

describe('createRealProviders', () => {
  it('builds nothing when nothing is configured', () => {
    expect(createRealProviders({})).toEqual({});
  });

  it('builds one adapter per configured type, keyed by its type', () => {
    const providers = createRealProviders({
      wxApp: { appId: 'wxa', appSecret: 'sa' },
      wxWeb: { appId: 'wxw', appSecret: 'sw' },
      hwApp: { clientId: '104123456' },
      miApp: { appId: '2882303761517411490', appSecret: 'sm' },
      duApp: {},
      apple: { audiences: ['com.picbook.app'] },
    });
    expect(Object.keys(providers).sort()).toEqual([...THIRD_PARTY_TYPES].sort());
    for (const [type, provider] of Object.entries(providers)) {
      expect(provider.type).toBe(type);
    }
  });

  it('leaves out the types without credentials', () => {
    const providers = createRealProviders({ hwApp: { clientId: '1' }, duApp: {} });
    expect(Object.keys(providers).sort()).toEqual(['du_app', 'hw_app']);
  });

  it('gives each adapter the injected fetch', async () => {
    const fake = createFakeFetch(() => jsonResponse({ uid: '7', uname: 'u' }));
    const providers = createRealProviders({ duApp: {} }, { fetch: fake.fetch });
    await expect(providers.du_app?.exchange('7:token')).resolves.toMatchObject({ uid: '7' });
    expect(fake.calls).toHaveLength(1);
  });

  it('fails at startup on incomplete credentials', () => {
    expect(() => createRealProviders({ wxWeb: { appId: 'wxw', appSecret: '' } })).toThrow(
      expect.objectContaining({ reason: 'misconfigured' }),
    );
  });
});
