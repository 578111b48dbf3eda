import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { RequestError } from '../request/request-error';
import { RecorderError, toRecorderError } from './errors';
import { SpeechUploadError } from './uploader';

const REFUSED = '你拒绝了麦克风权限，请在设置中允许使用麦克风';
const UNSUPPORTED = '当前设备不支持录音';
const NOT_FOUND = '没有找到麦克风';
const CANNOT_OPEN = '无法打开麦克风，请检查是否被其他应用占用';
const dom = (name: string) => new DOMException('microphone', name);

afterEach(() => i18n.changeLanguage('zh-CN'));

describe('recording errors → the spec messages (learning-content §8)', () => {
  it.each([
    ['NotAllowedError', dom('NotAllowedError'), 'refused', REFUSED],
    ['SecurityError', dom('SecurityError'), 'refused', REFUSED],
    ['PermissionDeniedError (old Chrome)', { name: 'PermissionDeniedError' }, 'refused', REFUSED],
    ['NotSupportedError', dom('NotSupportedError'), 'unsupported', UNSUPPORTED],
    ['NotFoundError', dom('NotFoundError'), 'notFound', NOT_FOUND],
    ['OverconstrainedError', { name: 'OverconstrainedError' }, 'notFound', NOT_FOUND],
    ['NotReadableError', dom('NotReadableError'), 'cannotOpen', CANNOT_OPEN],
    ['AbortError', dom('AbortError'), 'cannotOpen', CANNOT_OPEN],
    [
      'code 2001 (native shell)',
      { code: 2001, msg: 'no permission' },
      'permission',
      '未获得录音权限',
    ],
    [
      'anything else while capturing',
      new TypeError('boom'),
      'capture',
      '录音出了点小问题，请重新录音 #1',
    ],
    [
      'a chunk that could not be sent',
      new SpeechUploadError('upload', new RequestError(-1, 'x', 0)),
      'upload',
      '录音出了点小问题，请重新录音 #4',
    ],
    [
      'the final request failing on the server',
      new SpeechUploadError('score', new RequestError(500, 'x', 500)),
      'scoring',
      '录音出了点小问题，请重新录音 #5',
    ],
    [
      'the server answering 2001',
      new SpeechUploadError('score', new RequestError(2001, 'x', 200)),
      'permission',
      '未获得录音权限',
    ],
  ])('%s → %s', (_name, error, kind, message) => {
    const mapped = toRecorderError(error);
    expect(mapped).toBeInstanceOf(RecorderError);
    expect(mapped.kind).toBe(kind);
    expect(mapped.message).toBe(message);
    expect(mapped.reason).toBe(error instanceof SpeechUploadError ? error.reason : error);
  });

  it('a chunk that could not be sent while the device is offline names the network', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const mapped = toRecorderError(new SpeechUploadError('upload', new RequestError(-1, 'x', 0)));
    expect(mapped.kind).toBe('offline');
    expect(mapped.message).toBe('没有检测到网络，请检查网络连接后再录一次');
    expect(mapped.isWarning).toBe(true);
    vi.restoreAllMocks();
  });

  it('uses the fallback stage for unknown errors', () => {
    expect(toRecorderError(new Error('x'), 'scoring').message).toBe(
      '录音出了点小问题，请重新录音 #5',
    );
  });

  it('the too-short case is a warning with its own message', () => {
    const error = new RecorderError('tooShort');
    expect(error.isWarning).toBe(true);
    expect(error.message).toBe('录音时间太短');
    expect(new RecorderError('refused').isWarning).toBe(false);
  });

  it('speaks English when chosen', async () => {
    await i18n.changeLanguage('en');
    expect(toRecorderError(dom('NotFoundError')).message).toBe('No microphone found');
    expect(new RecorderError('upload').message).toBe(
      'Recording had a small problem, please record again #4',
    );
    expect(new RecorderError('permission').message).toBe('Recording permission not obtained');
  });
});
