// Live event streams are capped per user (SSE_STREAMS_PER_USER, 3 here) across every SSE route: an image job's
// events and the notifications stream share the cap (chat replies have their own, the replies in flight), one more
// is refused with 429 and a sentence, another user is not affected, and a closed stream frees its slot.
import type { GenerateImageResponse } from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type BuiltUser } from '../../test/factories.ts';
import { openEventStream, type EventStreamClient } from '../../test/event-stream.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { startSdApiPeer, type SdApiPeer } from '../../test/sdapi-peer.ts';

let t: TestApp;
let peer: SdApiPeer;
let base: string;
const open: EventStreamClient[] = [];

beforeAll(async () => {
  // Jobs stay running at the peer, so their event streams stay open.
  peer = await startSdApiPeer({ kind: 'hold' });
  t = await createTestApp({ IMAGES_PROVIDER: 'sdapi', IMAGES_URL: peer.url, SSE_STREAMS_PER_USER: '3' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  for (const s of open) s.close();
  await t.close();
  await peer.close();
});

async function job(u: BuiltUser): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/image-generation/generate',
    headers: u.auth,
    payload: { prompt: 'a lantern' },
  });
  expect(res.statusCode, res.body).toBe(202);
  return (res.json() as GenerateImageResponse).job.id;
}

async function stream(u: BuiltUser, path: string): Promise<EventStreamClient> {
  const s = await openEventStream(`${base}${path}`, u.accessToken);
  open.push(s);
  return s;
}

async function refusal(u: BuiltUser, path: string) {
  const res = await fetch(`${base}${path}`, {
    headers: { authorization: `Bearer ${u.accessToken}`, accept: 'text/event-stream' },
    signal: AbortSignal.timeout(5000),
  });
  return {
    status: res.status,
    body: (await res.json()) as { error: { code: string; message: string } },
    retryAfter: res.headers.get('retry-after'),
  };
}

describe('event streams per user', () => {
  it('are capped across the image job and notification streams, per user, and freed when closed', async () => {
    const u = await buildUser(t, { coins: 50 });
    const jobPath = `/api/image-generation/jobs/${await job(u)}/events`;
    const streams = [await stream(u, jobPath), await stream(u, jobPath), await stream(u, '/api/notifications/stream')];
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    await Promise.all(streams.map((s) => s.next(() => true)));

    for (const path of [jobPath, '/api/notifications/stream']) {
      const refused = await refusal(u, path);
      expect(refused.status, path).toBe(429);
      expect(refused.body.error).toEqual({
        code: 'RATE_LIMITED',
        message: 'You already have 3 live updates open (other tabs or windows). Close one, then try again.',
      });
      expect(refused.retryAfter).toBe('5');
    }

    // Someone else's streams are theirs to count.
    const other = await buildUser(t);
    expect((await stream(other, '/api/notifications/stream')).status).toBe(200);

    // A closed stream gives its slot back.
    streams[0]!.close();
    let again = await stream(u, '/api/notifications/stream');
    for (let i = 0; i < 50 && again.status === 429; i++) {
      again.close();
      await new Promise((r) => setTimeout(r, 50));
      again = await stream(u, '/api/notifications/stream');
    }
    expect(again.status).toBe(200);
  });
});
