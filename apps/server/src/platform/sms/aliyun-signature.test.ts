import { describe, expect, it } from 'vitest';
import { canonicalQuery, percentEncode, sign, stringToSign } from './aliyun-signature';

describe('percentEncode', () => {
  it.each([
    ['AZaz09-_.~', 'AZaz09-_.~'],
    [' ', '%20'],
    ['+', '%2B'],
    ['*', '%2A'],
    ["!'()", '%21%27%28%29'],
    ['/', '%2F'],
    [':', '%3A'],
    ['=&', '%3D%26'],
    // UTF-8 bytes of 绘本岛, from python3 urllib.parse.quote('绘本岛', safe='~').
    ['绘本岛', '%E7%BB%98%E6%9C%AC%E5%B2%9B'],
  ])('encodes %j as %s', (input, expected) => {
    expect(percentEncode(input)).toBe(expected);
  });
});

describe('canonicalQuery', () => {
  it('sorts by name in code-unit order (capitals first) and encodes names and values', () => {
    expect(canonicalQuery({ b: '2', 'a key': 'x y', B: '*', A: '~' })).toBe(
      'A=~&B=%2A&a%20key=x%20y&b=2',
    );
  });
});

describe('published example (Alibaba Cloud RPC signature docs, DescribeRegions)', () => {
  // From Alibaba Cloud's "Request signatures" page (ECS API reference, signature V1 / V2-RPC),
  // also on developer.aliyun.com/ask/210168. That page names the parameter "TimeStamp"; the
  // published signature only reproduces with that spelling. Its printed StringToSign shows
  // bare & between pairs, but that contradicts its own formula (the canonical query is
  // percent-encoded again, so & → %26), and CT9X0VtwR86fNWSnsc6v8YGOjuE= is the HMAC of the
  // %26 form, checked with: printf '%s' "$S" | openssl dgst -sha1 -hmac 'testsecret&' -binary
  // | base64. The bare-& form gives LZ5DVzNj95387UDL70u7+18AwWY= instead.
  const params = {
    TimeStamp: '2016-02-23T12:46:24Z',
    Format: 'XML',
    AccessKeyId: 'testid',
    Action: 'DescribeRegions',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
    Version: '2014-05-26',
    SignatureVersion: '1.0',
  };

  it('builds the string-to-sign', () => {
    expect(stringToSign('GET', params)).toBe(
      'GET&%2F&AccessKeyId%3Dtestid%26Action%3DDescribeRegions%26Format%3DXML' +
        '%26SignatureMethod%3DHMAC-SHA1%26SignatureNonce%3D3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf' +
        '%26SignatureVersion%3D1.0%26TimeStamp%3D2016-02-23T12%253A46%253A24Z' +
        '%26Version%3D2014-05-26',
    );
  });

  it('produces the published signature', () => {
    expect(sign('testsecret', stringToSign('GET', params))).toBe('CT9X0VtwR86fNWSnsc6v8YGOjuE=');
  });
});

describe('constructed SendSms vector (Chinese SignName, * ~ space + in a value)', () => {
  // Expected strings from an independent python3 implementation
  // (urllib.parse.quote(s, safe='~') on each name and value, sorted, joined, quoted again);
  // the signature from printf '%s' "$S" | openssl dgst -sha1 -hmac 'testsecret&' -binary | base64.
  const params = {
    Action: 'SendSms',
    Version: '2017-05-25',
    Format: 'JSON',
    AccessKeyId: 'testid',
    SignatureMethod: 'HMAC-SHA1',
    SignatureVersion: '1.0',
    SignatureNonce: '00000000-0000-4000-8000-000000000001',
    Timestamp: '2026-11-21T10:00:00Z',
    RegionId: 'cn-hangzhou',
    PhoneNumbers: '13800138000',
    SignName: '绘本岛',
    TemplateCode: 'SMS_123456789',
    TemplateParam: '{"code":"1234"}',
    OutId: 'a*b~c d+e',
  };
  const toSign =
    'POST&%2F&AccessKeyId%3Dtestid%26Action%3DSendSms%26Format%3DJSON' +
    '%26OutId%3Da%252Ab~c%2520d%252Be%26PhoneNumbers%3D13800138000%26RegionId%3Dcn-hangzhou' +
    '%26SignName%3D%25E7%25BB%2598%25E6%259C%25AC%25E5%25B2%259B%26SignatureMethod%3DHMAC-SHA1' +
    '%26SignatureNonce%3D00000000-0000-4000-8000-000000000001%26SignatureVersion%3D1.0' +
    '%26TemplateCode%3DSMS_123456789%26TemplateParam%3D%257B%2522code%2522%253A%25221234%2522%257D' +
    '%26Timestamp%3D2026-11-21T10%253A00%253A00Z%26Version%3D2017-05-25';

  it('builds the canonical query', () => {
    expect(canonicalQuery(params)).toBe(
      'AccessKeyId=testid&Action=SendSms&Format=JSON&OutId=a%2Ab~c%20d%2Be' +
        '&PhoneNumbers=13800138000&RegionId=cn-hangzhou&SignName=%E7%BB%98%E6%9C%AC%E5%B2%9B' +
        '&SignatureMethod=HMAC-SHA1&SignatureNonce=00000000-0000-4000-8000-000000000001' +
        '&SignatureVersion=1.0&TemplateCode=SMS_123456789' +
        '&TemplateParam=%7B%22code%22%3A%221234%22%7D&Timestamp=2026-11-21T10%3A00%3A00Z' +
        '&Version=2017-05-25',
    );
  });

  it('builds the string-to-sign', () => {
    expect(stringToSign('POST', params)).toBe(toSign);
  });

  it('signs it', () => {
    expect(sign('testsecret', toSign)).toBe('u+34FIrw7/b8k8heE29I8IM4NKs=');
  });

  it('signs the method too: the same parameters under GET give another signature', () => {
    expect(sign('testsecret', stringToSign('GET', params))).not.toBe(
      'u+34FIrw7/b8k8heE29I8IM4NKs=',
    );
  });
});
