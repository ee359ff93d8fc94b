import { describe, expect, it } from 'vitest';
import { EMPTY_SHA256, encodePath, sign } from './sigv4.ts';

describe('AWS Signature V4', () => {
  it("matches AWS's published example (GET Object with a Range header)", () => {
    const { signature, authorization } = sign(
      {
        method: 'GET',
        path: '/test.txt',
        headers: {
          Host: 'examplebucket.s3.amazonaws.com',
          Range: 'bytes=0-9',
          'x-amz-content-sha256': EMPTY_SHA256,
          'x-amz-date': '20130524T000000Z',
        },
        payloadHash: EMPTY_SHA256,
        amzDate: '20130524T000000Z',
      },
      { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' },
    );
    expect(signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('encodes key segments but keeps the slashes', () => {
    expect(encodePath("/bucket/a b/it's(1)*.webp")).toBe('/bucket/a%20b/it%27s%281%29%2A.webp');
  });
});
