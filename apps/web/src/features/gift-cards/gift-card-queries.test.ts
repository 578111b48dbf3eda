import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n';
import { RequestError } from '../../shared/request/request-error';
import { giftErrorMessage } from './gift-card-queries';

/** Spec §8: gift, card and redemption errors show the server's message, else 'data error' or 'system error'. */
describe('giftErrorMessage', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-CN');
  });
  it.each([
    [
      'a business refusal with its message',
      new RequestError(16001, '兑换码无效或已被使用', 200),
      '兑换码无效或已被使用',
    ],
    [
      'a field error',
      new RequestError(10001, '兑换码有误，请核对后重新输入', 400),
      '兑换码有误，请核对后重新输入',
    ],
    ['a business code without a message', new RequestError(16001, '', 200), '数据错误'],
    [
      'too many wrong codes (429)',
      new RequestError(429, '服务繁忙(429)', 429),
      '兑换码错误次数过多，请稍后再试',
    ],
    ['a server fault', new RequestError(500, '服务繁忙(500)', 500), '系统异常，请稍后重试'],
    ['no answer', new RequestError(-1, '网络异常', 0), '系统异常，请稍后重试'],
    ['not a request error', new Error('boom'), '系统异常，请稍后重试'],
  ])('%s', (_name, error, message) => {
    expect(giftErrorMessage(error)).toBe(message);
  });
});
