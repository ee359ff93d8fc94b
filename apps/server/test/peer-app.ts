// A test app whose chat model is a loopback OpenAI-compatible peer (so every prompt the model gets can be read),
// priced by a catalogue of `chatMessage` coins a reply after `dailyFreeMessages` free ones on the free plan.
import { catalogFile, createTestApp, type TestApp } from './helpers.ts';
import { startOpenAiPeer, type OpenAiPeer } from './openai-peer.ts';

export interface PeerApp {
  t: TestApp;
  peer: OpenAiPeer;
  close(): Promise<void>;
}

export async function peerChatApp(
  name: string,
  price: { chatMessage: number; dailyFreeMessages: number },
  env: Record<string, string> = {},
): Promise<PeerApp> {
  const file = await catalogFile(name, { ...price, plans: 'free' });
  const peer = await startOpenAiPeer();
  const t = await createTestApp({
    LLM_PROVIDER: 'openai',
    LLM_BASE_URL: peer.baseUrl,
    LLM_MODEL: 'peer-model',
    LLM_RETRIES: '0',
    BILLING_CATALOG_FILE: file,
    ...env,
  });
  return {
    t,
    peer,
    close: async () => {
      await t.close();
      await peer.close();
    },
  };
}
