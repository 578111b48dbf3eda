import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '.';

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
