import { describe, expect, it } from 'vitest';
import {
  amzDateOf,
  canonicalQuery,
  canonicalUri,
  sha256Hex,
  signingKey,
  signV4,
  uriEncode,
} from './sigv4';

const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/**
 * The AWS SigV4 test suite (docs.aws.amazon.com/general/latest/gr/signature-v4-test-suite.html):
 * get-vanilla and post-vanilla, service "service", 2015-08-30 12:36:00 UTC.
 */
describe('AWS sigv4 test suite', () => {
  const base = {
    path: '/',
    headers: { Host: 'example.amazonaws.com', 'X-Amz-Date': '20150830T123600Z' },
    payloadHash: EMPTY_SHA256,
    amzDate: '20150830T123600Z',
    region: 'us-east-1',
    service: 'service',
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  };

  it('get-vanilla: canonical request, string to sign and signature', () => {
    const signed = signV4({ ...base, method: 'GET' });
    expect(signed.canonicalRequest).toBe(
      `GET\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\n${EMPTY_SHA256}`,
    );
    expect(signed.stringToSign).toBe(
      'AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/aws4_request\n' +
        'bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63',
    );
    expect(signed.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, ' +
        'SignedHeaders=host;x-amz-date, ' +
        'Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
  });

  it('post-vanilla', () => {
    expect(signV4({ ...base, method: 'POST' }).signature).toBe(
      '5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b',
    );
  });
});

/**
 * The worked examples of the S3 API reference, "Signature Calculations for the Authorization
 * Header: Transferring Payload in a Single Chunk" (examplebucket, 2013-05-24).
 */
describe('S3 API reference examples', () => {
  const s3 = {
    amzDate: '20130524T000000Z',
    region: 'us-east-1',
    service: 's3',
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  };
  const host = 'examplebucket.s3.amazonaws.com';

  it('GET Object with a Range header', () => {
    const signed = signV4({
      ...s3,
      method: 'GET',
      path: '/test.txt',
      headers: {
        host,
        range: 'bytes=0-9',
        'x-amz-content-sha256': EMPTY_SHA256,
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: EMPTY_SHA256,
    });
    expect(sha256Hex(signed.canonicalRequest)).toBe(
      '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
    );
    expect(signed.signedHeaders).toBe('host;range;x-amz-content-sha256;x-amz-date');
    expect(signed.signature).toBe(
      'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('PUT Object: the signed payload hash and a key needing encoding ($)', () => {
    const payloadHash = sha256Hex('Welcome to Amazon S3.');
    expect(payloadHash).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const signed = signV4({
      ...s3,
      method: 'PUT',
      path: '/test$file.text',
      headers: {
        date: 'Fri, 24 May 2013 00:00:00 GMT',
        host,
        'x-amz-content-sha256': payloadHash,
        'x-amz-date': '20130524T000000Z',
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
      },
      payloadHash,
    });
    expect(signed.canonicalRequest.split('\n')[1]).toBe('/test%24file.text');
    expect(sha256Hex(signed.canonicalRequest)).toBe(
      '9e0e90d9c76de8fa5b200d8c849cd5b8dc7a3be3951ddb7f6a76b4158342019d',
    );
    expect(signed.signature).toBe(
      '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });

  it.each([
    [[['lifecycle', '']], 'fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543'],
    [
      [
        ['prefix', 'J'],
        ['max-keys', '2'],
      ],
      '34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
    ],
  ] as [[string, string][], string][])('GET bucket with query %j', (query, signature) => {
    const signed = signV4({
      ...s3,
      method: 'GET',
      path: '/',
      query,
      headers: {
        host,
        'x-amz-content-sha256': EMPTY_SHA256,
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: EMPTY_SHA256,
    });
    expect(signed.signature).toBe(signature);
  });
});

describe('canonical pieces', () => {
  it.each([
    ['AZaz09-._~', false, 'AZaz09-._~'],
    ['a b', false, 'a%20b'],
    ["!'()*$:@", false, '%21%27%28%29%2A%24%3A%40'],
    ['rec/a.wav', false, 'rec%2Fa.wav'],
    ['rec/a.wav', true, 'rec/a.wav'],
    ['绘本', false, '%E7%BB%98%E6%9C%AC'],
  ])('uriEncode(%j, keepSlash=%j) = %s', (input, keepSlash, expected) => {
    expect(uriEncode(input, keepSlash)).toBe(expected);
  });

  it('encodes each path segment once (S3 does not double-encode)', () => {
    expect(canonicalUri('/bucket/rec/a%20b.wav')).toBe('/bucket/rec/a%20b.wav');
    expect(canonicalUri('/x/a:b')).toBe('/x/a%3Ab');
    expect(canonicalUri('')).toBe('/');
  });

  it('sorts the query by encoded name and keeps = for empty values', () => {
    expect(
      canonicalQuery([
        ['b', '2'],
        ['a key', 'x y'],
        ['B', ''],
      ]),
    ).toBe('B=&a%20key=x%20y&b=2');
  });

  it('derives the signing key in four HMAC steps', () => {
    // From the AWS "Examples of how to derive a signing key" page (iam, 2012-02-15).
    expect(
      signingKey(
        'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
        '20120215',
        'us-east-1',
        'iam',
      ).toString('hex'),
    ).toBe('f4780e2d9f65fa895f9c67b32ce1baf0b0d8a43505a000a1a9e090d414db404d');
  });

  it('formats x-amz-date', () => {
    expect(amzDateOf(new Date('2015-08-30T12:36:00.123Z'))).toBe('20150830T123600Z');
  });
});
