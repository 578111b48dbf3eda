import { afterEach, describe, expect, it, vi } from 'vitest';
import { ensureNamespaces, i18n, registerNamespace, withNamespaces } from '.';

afterEach(() => vi.restoreAllMocks());

describe('language codes worked out once (decision 081)', () => {
  it('translates without canonicalising the language code again on each call', () => {
    const first = i18n.t('common.retry');
    const canonical = vi.spyOn(Intl, 'getCanonicalLocales');
    for (let n = 0; n < 20; n++) expect(i18n.t('common.retry')).toBe(first);
    expect(canonical).not.toHaveBeenCalled();
  });

  it('still canonicalises a code it has not seen', () => {
    const utils = i18n.services.languageUtils;
    expect(utils.formatLanguageCode('zh-cn')).toBe('zh-CN');
    expect(utils.formatLanguageCode('en-us')).toBe('en-US');
    expect(utils.formatLanguageCode('en')).toBe('en');
  });
});

describe('namespaces loaded with the screens that show them (decision 106)', () => {
  it('registers a namespace once, for every caller, before handing over the screen', async () => {
    let loads = 0;
    registerNamespace('nsTestA', async () => {
      loads += 1;
      return { hello: '你好' };
    });
    expect(i18n.getResource('zh-CN', 'nsTestA', 'hello')).toBeUndefined();
    const screen = withNamespaces(['nsTestA'], Promise.resolve('the screen'));
    await Promise.all([ensureNamespaces(['nsTestA']), ensureNamespaces(['nsTestA'])]);
    expect(await screen).toBe('the screen');
    expect(i18n.getResource('zh-CN', 'nsTestA', 'hello')).toBe('你好');
    await ensureNamespaces(['nsTestA']);
    expect(loads).toBe(1);
  });

  it('tries a failed download again on the next screen that needs it', async () => {
    let fail = true;
    registerNamespace('nsTestB', async () => {
      if (fail) throw new Error('offline');
      return { hello: '再来' };
    });
    await expect(withNamespaces(['nsTestB'], Promise.resolve(1))).rejects.toThrow('offline');
    fail = false;
    await ensureNamespaces(['nsTestB']);
    expect(i18n.getResource('zh-CN', 'nsTestB', 'hello')).toBe('再来');
  });

  it('leaves the namespaces registered at start alone', async () => {
    await expect(ensureNamespaces(['translation', 'shell'])).resolves.toBeUndefined();
  });
});
