// One short answer of the chat model to an instruction, for work in the background: the conversation's summary
// (modules/chat/memory.ts) and the journal's facts (modules/memory/journal-writer.service.ts). Nobody reads it as it
// streams and nobody is charged for it; the operator pays its tokens (docs/memory.md).
import { collectChat, type LlmProvider } from './llm-provider.ts';

export interface NoteRequest {
  /** The system message: what to write. */
  instructions: string;
  /** The user message: what to write it from. */
  prompt: string;
  maxTokens: number;
  signal?: AbortSignal;
}

/** The model's answer, trimmed. */
export async function writeNote(llm: Pick<LlmProvider, 'streamChat'>, n: NoteRequest): Promise<string> {
  const { text } = await collectChat(
    llm.streamChat({
      messages: [
        { role: 'system', content: n.instructions },
        { role: 'user', content: n.prompt },
      ],
      maxTokens: n.maxTokens,
      temperature: 0.3,
      topP: 0.9,
      stop: [],
      signal: n.signal,
    }),
  );
  return text.trim();
}
