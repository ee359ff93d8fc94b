import { afterEach, describe, expect, it } from 'vitest';
import type { ImageRequest } from './image-provider.ts';
import { OpenAiImageProvider } from './openai.ts';
import { deadUrl, sendJson, startPeer, tinyPng, type Peer } from './test/peer.ts';

const request: ImageRequest = {
  prompt: 'a watercolor harbor',
  negativePrompt: 'people',
  width: 1024,
  height: 1024,
  steps: 20,
  seed: 1,
  count: 2,
  nsfwAllowed: false,
};

let peer: Peer | undefined;
afterEach(async () => {
  await peer?.close();
  peer = undefined;
});

async function server(answer: () => Promise<{ status: number; body: unknown }>) {
  const ctl = { closedEarly: false };
  peer = await startPeer(async (req, res) => {
    if (req.path === '/v1/models')
      return sendJson(res, 200, { object: 'list', data: [{ id: 'gpt-4o' }, { id: 'dall-e-3' }, { id: 'gpt-image-1' }] });
    if (req.path === '/v1/images/generations' && req.headers.authorization === 'Bearer sk-test') {
      res.on('close', () => (ctl.closedEarly = !res.writableEnded));
      const a = await answer();
      if (!res.destroyed) sendJson(res, a.status, a.body);
      return;
    }
    sendJson(res, 401, { error: { message: 'Incorrect API key provided' } });
  });
  return { provider: new OpenAiImageProvider({ baseUrl: `${peer.url}/v1`, apiKey: 'sk-test', defaultModel: 'dall-e-2' }), ctl };
}

const pngs = async () => ({
  status: 200,
  body: {
    created: 1,
    data: [{ b64_json: (await tinyPng(10, 10)).toString('base64') }, { b64_json: (await tinyPng(12, 10)).toString('base64') }],
  },
});

describe('OpenAI-compatible images provider', () => {
  it('asks for base64 pictures of the requested size and count', async () => {
    const { provider } = await server(pngs);
    const job = await provider.submit(request);
    const images = await job.result();
    expect(images.map((i) => [i.mime, i.width, i.height])).toEqual([
      ['image/png', 10, 10],
      ['image/png', 12, 10],
    ]);
    expect(peer!.requests.find((r) => r.path === '/v1/images/generations')!.json()).toEqual({
      model: 'dall-e-2',
      prompt: 'a watercolor harbor',
      n: 2,
      size: '1024x1024',
      response_format: 'b64_json',
    });
    expect(await job.status()).toEqual({ state: 'done', progress: 1 });
  });

  it('shows a slow generation as running, then cancels it by dropping the request', async () => {
    let release = () => {};
    const { provider, ctl } = await server(() => new Promise((resolve) => (release = () => void pngs().then(resolve))));
    const job = await provider.submit(request);
    await new Promise((r) => setTimeout(r, 30));
    expect(await job.status()).toEqual({ state: 'running' });
    const result = job.result().catch((e: unknown) => e);
    await job.cancel();
    expect(await result).toMatchObject({ code: 'CANCELLED' });
    for (let i = 0; i < 100 && !ctl.closedEarly; i++) await new Promise((r) => setTimeout(r, 20));
    expect(ctl.closedEarly).toBe(true);
    expect((await job.status()).state).toBe('cancelled');
    release();
  });

  it("passes on the server's refusal", async () => {
    const { provider } = await server(async () => ({
      status: 400,
      body: { error: { message: 'Your request was rejected by the safety system.', code: 'content_policy_violation' } },
    }));
    await expect((await provider.submit(request)).result()).rejects.toMatchObject({
      code: 'UPSTREAM',
      status: 400,
      message: 'The image service answered 400: Your request was rejected by the safety system.',
    });
  });

  it('rejects bad JSON and base64 that is not a picture', async () => {
    const { provider } = await server(async () => ({ status: 200, body: '<html>gateway</html>' }));
    await expect((await provider.submit(request)).result()).rejects.toMatchObject({ code: 'MALFORMED' });
    await peer!.close();
    const junk = await server(async () => ({ status: 200, body: { data: [{ b64_json: Buffer.from('%PDF-1.4').toString('base64') }] } }));
    await expect((await junk.provider.submit(request)).result()).rejects.toMatchObject({
      code: 'MALFORMED',
      message: 'The image service sent something that is not a picture.',
    });
  });

  it('fails cleanly when the server is unreachable', async () => {
    const provider = new OpenAiImageProvider({ baseUrl: await deadUrl(), apiKey: 'sk-test' });
    await expect((await provider.submit(request)).result()).rejects.toMatchObject({
      code: 'UNREACHABLE',
      message: expect.stringContaining('could not be reached'),
    });
    expect((await provider.health()).status).toBe('down');
  });

  it('lists every model a compatible server serves', async () => {
    const { provider } = await server(pngs);
    expect((await provider.listModels()).map((m) => m.id)).toEqual(['gpt-4o', 'dall-e-3', 'gpt-image-1']);
  });
});
