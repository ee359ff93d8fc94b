import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ImagePlus, SendHorizontal, Square } from 'lucide-react';
import { MAX_CHAT_MESSAGE, pictureRequest, type ChatCost } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { PriceTag } from '@/features/billing';
import type { Price } from '@/features/billing';
import { formatNumber } from '@/lib/format';
import { useOnline } from '@/lib/use-online';

interface Props {
  characterName: string;
  cost: ChatCost | undefined;
  generating: boolean;
  disabled?: boolean;
  disabledReason?: string;
  /** Typing stays possible but nothing is sent, and this line says why (the model is not ready). */
  sendBlocked?: string | null;
  onSend: (text: string) => Promise<boolean> | boolean;
  onStop: () => void;
  /** Ask the character for a picture (images); the button shows while this is given. */
  onPicture?: () => void;
  picturePending?: boolean;
  /** What a picture costs now (from the images status), shown before the click. */
  picturePrice?: Price | null;
  /** Speech input (the voice feature's microphone): given a function that puts a transcript into the box. */
  voiceInput?: (insert: (text: string) => void) => ReactNode;
}

/** What the next message (and a regenerate or a continue, one message each) costs, said before sending. */
export function costLine(cost: ChatCost | undefined): string {
  if (!cost) return '';
  if (cost.freeLeft > 0) return `${cost.freeLeft} free ${cost.freeLeft === 1 ? 'message' : 'messages'} left today`;
  if (cost.costPerMessage === 0) return 'Messages are free';
  const coins = `${cost.costPerMessage} ${cost.costPerMessage === 1 ? 'coin' : 'coins'}`;
  return `${coins} per message, regenerate or continue · balance ${cost.balance}`;
}

/** Enter sends, Shift+Enter adds a line; the stop button replaces send while a reply is being written. */
export function Composer(props: Props) {
  const { characterName, cost, generating, sendBlocked, onSend, onStop, onPicture, picturePending, picturePrice, voiceInput } = props;
  // Offline nothing is sent, and nothing waits to be sent later: a message may cost coins (docs/notifications.md).
  const online = useOnline();
  const disabled = props.disabled || !online;
  const disabledReason = online ? props.disabledReason : 'You are offline: sending needs the network.';
  const [text, setText] = useState('');
  const ref = useRef<HTMLTextAreaElement>(null);
  // A picture request needs no language model, so it is sent even while the model is not ready.
  const blocked = Boolean(sendBlocked) && !pictureRequest(text.trim());
  const submit = async () => {
    const value = text.trim();
    if (!value || generating || disabled || blocked) return;
    setText('');
    const ok = await onSend(value);
    if (!ok) setText((current) => current || value);
    ref.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };
  const tooLong = text.length > MAX_CHAT_MESSAGE;
  // A transcript joins what is already typed, for the user to send or edit.
  const insert = (words: string) => setText((c) => (c.trim() ? `${c.trimEnd()} ${words}` : words));
  return (
    <form
      className="border-t border-border bg-bg/95 px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] backdrop-blur sm:px-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="mx-auto flex max-w-3xl items-end gap-2">
        {onPicture ? (
          <PictureButton characterName={characterName} disabled={disabled || generating || picturePending} onClick={onPicture} />
        ) : null}
        <label htmlFor="chat-composer" className="sr-only">
          Message {characterName}
        </label>
        <textarea
          id="chat-composer"
          ref={ref}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          placeholder={disabled ? (disabledReason ?? '') : `Message ${characterName}…`}
          disabled={disabled}
          aria-describedby={sendBlocked ? 'chat-blocked chat-cost' : 'chat-cost'}
          className="max-h-40 min-h-11 flex-1 resize-none rounded-2xl bg-surface-raised px-4 py-2.5 text-[15px] text-fg ring-1 ring-border placeholder:text-fg-subtle [field-sizing:content] focus:ring-2 focus:ring-primary focus:outline-none disabled:opacity-60"
        />
        {voiceInput && !generating ? voiceInput(insert) : null}
        {generating ? (
          <Button type="button" size="icon" variant="secondary" aria-label="Stop generating" onClick={onStop}>
            <Square className="fill-current" />
          </Button>
        ) : (
          <Button type="submit" size="icon" aria-label="Send message" disabled={disabled || blocked || !text.trim() || tooLong}>
            <SendHorizontal />
          </Button>
        )}
      </div>
      <ComposerNotes sendBlocked={sendBlocked} cost={cost} length={text.length} picturePrice={onPicture ? picturePrice : null} />
    </form>
  );
}

/** Under the box: why sending is off, what the next message costs, and the length near the limit. */
function ComposerNotes({
  sendBlocked,
  cost,
  length,
  picturePrice,
}: {
  sendBlocked?: string | null;
  cost: ChatCost | undefined;
  length: number;
  picturePrice?: Price | null;
}) {
  return (
    <>
      {sendBlocked ? (
        <p id="chat-blocked" role="status" className="mx-auto mt-1 max-w-3xl px-2 text-xs font-medium text-warning">
          {sendBlocked}
        </p>
      ) : null}
      <p id="chat-cost" className="mx-auto mt-1 flex max-w-3xl justify-between px-2 text-xs text-fg-subtle">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          <span>{costLine(cost)}</span>
          {picturePrice ? (
            <span className="inline-flex items-center gap-1">
              Picture <PriceTag price={picturePrice} action="A picture" />
            </span>
          ) : null}
        </span>
        {length > MAX_CHAT_MESSAGE - 500 ? (
          <span className={length > MAX_CHAT_MESSAGE ? 'text-danger' : ''}>
            {formatNumber(length)} / {formatNumber(MAX_CHAT_MESSAGE)}
          </span>
        ) : (
          <span className="hidden shrink-0 whitespace-nowrap sm:inline">Enter to send · Shift+Enter for a new line</span>
        )}
      </p>
    </>
  );
}

function PictureButton({ characterName, disabled, onClick }: { characterName: string; disabled?: boolean; onClick: () => void }) {
  return (
    <Button
      type="button"
      size="icon"
      variant="ghost"
      aria-label={`Ask ${characterName} for a picture`}
      title="Send me a picture"
      disabled={disabled}
      onClick={onClick}
    >
      <ImagePlus />
    </Button>
  );
}
