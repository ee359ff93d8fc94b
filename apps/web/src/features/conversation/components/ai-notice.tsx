// The notice in the chat that the character is an AI, not a person (lib/ai-notices.ts places it).
import { Bot } from 'lucide-react';

/** `as="div"`: outside a message list (an empty group chat's first screen). */
export function AiNotice({ name, group, as: Tag = 'li' }: { name: string; group?: boolean; as?: 'li' | 'div' }) {
  return (
    <Tag className="flex justify-center" data-testid="ai-notice">
      <p
        role="note"
        className="flex max-w-xl items-start gap-2 rounded-xl bg-sky-400/10 px-3 py-2 text-center text-xs leading-5 text-sky-200 ring-1 ring-sky-400/30"
      >
        <Bot className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          {group ? 'Every character in this chat is an AI' : `${name} is an AI`}, not a person. Replies are written by a language model and
          can be wrong; nothing here is professional advice.
        </span>
      </p>
    </Tag>
  );
}
