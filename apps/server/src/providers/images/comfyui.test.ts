import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ComfyUiImageProvider, DEFAULT_COMFYUI_WORKFLOW, fillWorkflow, loadWorkflow } from './comfyui.ts';
import type { ImageRequest } from './image-provider.ts';
import { deadUrl, sendJson, startPeer, tinyPng, type Peer } from './test/peer.ts';

const request: ImageRequest = {
  prompt: 'a castle "in" fog',
  negativePrompt: 'lowres',
  width: 512,
  height: 640,
  steps: 18,
  seed: 99,
  count: 1,
  nsfwAllowed: true,
};

let peer: Peer | undefined;
afterEach(async () => {
  await peer?.close();
  peer = undefined;
});

type JobState = 'pending' | 'running' | 'done' | 'error';

/** A scripted ComfyUI: jobs move only when the test says so; `others` are someone else's jobs ahead in line. */
async function comfy(
  opts: { prompt?: (graph: Record<string, { inputs: Record<string, unknown> }>) => { status: number; body: unknown }; view?: Buffer } = {},
) {
  const png = opts.view ?? (await tinyPng(20, 25));
  const jobs = new Map<string, JobState>();
  const order: string[] = ['other-1'];
  jobs.set('other-1', 'running');
  const ctl = {
    jobs,
    interrupted: [] as unknown[],
    deleted: [] as unknown[],
    graphs: [] as Record<string, { inputs: Record<string, unknown> }>[],
  };
  let n = 0;
  peer = await startPeer((req, res) => {
    if (req.method === 'POST' && req.path === '/prompt') {
      const body = req.json() as { prompt: Record<string, { inputs: Record<string, unknown> }> };
      ctl.graphs.push(body.prompt);
      const custom = opts.prompt?.(body.prompt);
      if (custom) return sendJson(res, custom.status, custom.body);
      const id = `p-${++n}`;
      jobs.set(id, 'pending');
      order.push(id);
      return sendJson(res, 200, { prompt_id: id, number: n, node_errors: {} });
    }
    if (req.path === '/queue' && req.method === 'GET') {
      const entry = (id: string) => [order.indexOf(id), id, {}, {}, ['9']];
      return sendJson(res, 200, {
        queue_running: order.filter((id) => jobs.get(id) === 'running').map(entry),
        queue_pending: order.filter((id) => jobs.get(id) === 'pending').map(entry),
      });
    }
    if (req.path === '/queue' && req.method === 'POST') {
      const del = (req.json() as { delete?: string[] }).delete ?? [];
      ctl.deleted.push(...del);
      for (const id of del) if (jobs.get(id) === 'pending') jobs.delete(id);
      return sendJson(res, 200, {});
    }
    if (req.path === '/interrupt') {
      ctl.interrupted.push(req.json());
      return sendJson(res, 200, {});
    }
    if (req.path.startsWith('/history/')) {
      const id = decodeURIComponent(req.path.slice('/history/'.length));
      const s = jobs.get(id);
      if (s === 'done') {
        return sendJson(res, 200, {
          [id]: {
            outputs: { '9': { images: [{ filename: 'reverie_00001_.png', subfolder: '', type: 'output' }] } },
            status: { status_str: 'success', completed: true, messages: [] },
          },
        });
      }
      if (s === 'error') {
        return sendJson(res, 200, {
          [id]: {
            outputs: {},
            status: {
              status_str: 'error',
              completed: false,
              messages: [['execution_error', { node_type: 'KSampler', exception_message: 'CUDA out of memory' }]],
            },
          },
        });
      }
      return sendJson(res, 200, {});
    }
    if (req.path === '/view' && req.query.get('filename') === 'reverie_00001_.png' && req.query.get('type') === 'output') {
      return void res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    }
    if (req.path === '/object_info/CheckpointLoaderSimple') {
      return sendJson(res, 200, {
        CheckpointLoaderSimple: { input: { required: { ckpt_name: [['sd_xl_base_1.0.safetensors', 'dreamshaper_8.safetensors'], {}] } } },
      });
    }
    sendJson(res, 404, {});
  });
  return { provider: new ComfyUiImageProvider({ baseUrl: peer.url, pollMs: 10 }), ctl };
}

describe('ComfyUI provider', () => {
  it('fills the default workflow and downloads the saved picture', async () => {
    const { provider, ctl } = await comfy();
    ctl.jobs.set('other-1', 'done');
    const job = await provider.submit(request);
    ctl.jobs.set(job.id, 'done');
    const images = await job.result();
    expect(images.map((i) => [i.mime, i.width, i.height, i.seed])).toEqual([['image/png', 20, 25, 99]]);
    const g = ctl.graphs[0]!;
    expect(g['3']!.inputs).toMatchObject({ seed: 99, steps: 18, cfg: 7 });
    expect(g['4']!.inputs.ckpt_name).toBe('sd_xl_base_1.0.safetensors'); // first checkpoint when none is named
    expect(g['5']!.inputs).toMatchObject({ width: 512, height: 640, batch_size: 1 });
    expect(g['6']!.inputs.text).toBe('a castle "in" fog');
    expect(g['7']!.inputs.text).toBe('lowres');
  });

  it('reports the queue position while waiting and running once started', async () => {
    const { provider, ctl } = await comfy();
    const job = await provider.submit({ ...request, model: 'dreamshaper_8.safetensors' });
    expect(await job.status()).toEqual({ state: 'queued', queuePosition: 2 });
    ctl.jobs.set('other-1', 'done');
    ctl.jobs.set(job.id, 'running');
    expect(await job.status()).toEqual({ state: 'running' });
    ctl.jobs.set(job.id, 'done');
    await expect(job.result()).resolves.toHaveLength(1);
    expect(ctl.graphs[0]!['4']!.inputs.ckpt_name).toBe('dreamshaper_8.safetensors');
  });

  it('deletes a waiting job without interrupting the running one, and interrupts its own running job', async () => {
    const { provider, ctl } = await comfy();
    const waiting = await provider.submit(request);
    const r1 = waiting.result().catch((e: unknown) => e);
    await waiting.cancel();
    expect(await r1).toMatchObject({ code: 'CANCELLED' });
    expect(ctl.deleted).toEqual([waiting.id]);
    expect(ctl.interrupted).toEqual([]);

    ctl.jobs.set('other-1', 'done');
    const running = await provider.submit(request);
    ctl.jobs.set(running.id, 'running');
    const r2 = running.result().catch((e: unknown) => e);
    await expect.poll(async () => (await running.status()).state).toBe('running');
    await running.cancel();
    expect(await r2).toMatchObject({ code: 'CANCELLED' });
    expect(ctl.interrupted).toEqual([{ prompt_id: running.id }]);
  });

  it('reports an execution error and a refused workflow', async () => {
    const { provider, ctl } = await comfy();
    const job = await provider.submit(request);
    ctl.jobs.set(job.id, 'error');
    await expect(job.result()).rejects.toMatchObject({
      code: 'UPSTREAM',
      message: 'The image service failed: KSampler: CUDA out of memory',
    });
    await peer!.close();

    const refused = await comfy({
      prompt: () => ({
        status: 400,
        body: { error: { type: 'prompt_outputs_failed_validation', message: 'Prompt outputs failed validation' }, node_errors: {} },
      }),
    });
    await expect(refused.provider.submit(request)).rejects.toMatchObject({
      code: 'UPSTREAM',
      message: 'ComfyUI refused the workflow: Prompt outputs failed validation',
    });
  });

  it('rejects malformed answers: bad JSON and a /view that is not a picture', async () => {
    const badJson = await comfy({ prompt: () => ({ status: 200, body: 'prompt_id=p1' }) });
    await expect(badJson.provider.submit(request)).rejects.toMatchObject({ code: 'MALFORMED' });
    await peer!.close();

    const { provider, ctl } = await comfy({ view: Buffer.from('{"error": "file not found"}') });
    const job = await provider.submit(request);
    ctl.jobs.set(job.id, 'done');
    await expect(job.result()).rejects.toMatchObject({
      code: 'MALFORMED',
      message: 'The image service sent something that is not a picture.',
    });
  });

  it('fails cleanly when ComfyUI is unreachable', async () => {
    const provider = new ComfyUiImageProvider({ baseUrl: await deadUrl(), defaultModel: 'x.safetensors' });
    await expect(provider.submit(request)).rejects.toMatchObject({
      code: 'UNREACHABLE',
      message: expect.stringContaining('could not be reached'),
    });
    expect((await provider.health()).status).toBe('down');
  });

  it('lists checkpoints', async () => {
    const { provider } = await comfy();
    expect(await provider.listModels()).toEqual([
      { id: 'sd_xl_base_1.0.safetensors', name: 'sd_xl_base_1.0' },
      { id: 'dreamshaper_8.safetensors', name: 'dreamshaper_8' },
    ]);
  });

  it('checks an operator workflow file for unknown placeholders and fills text inside strings', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wf-'));
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ '1': { inputs: { text: '{{prompt}} {{mood}}' } } }));
    expect(() => loadWorkflow(bad)).toThrow('unknown placeholders: {{mood}}');
    expect(() => loadWorkflow(path.join(dir, 'missing.json'))).toThrow('could not be read');
    expect(loadWorkflow(DEFAULT_COMFYUI_WORKFLOW)).toHaveProperty('9');
    expect(
      fillWorkflow(
        { a: 'best quality, {{prompt}}', b: ['{{seed}}', 1] },
        { prompt: 'cat', negative_prompt: '', seed: 5, width: 1, height: 1, steps: 1, cfg: 1, model: 'm', count: 1 },
      ),
    ).toEqual({
      a: 'best quality, cat',
      b: [5, 1],
    });
  });
});
