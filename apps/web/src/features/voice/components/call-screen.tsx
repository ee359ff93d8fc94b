// The call screen (docs/voice.md "Calls"): dark, the whole screen on a phone and a tall panel on a desktop. First the
// price and "Start call"; then what the call is doing (connecting, listening, hearing you, thinking, speaking), the
// last lines said, and a hang-up button; at the end "Call ended" or the error's sentence. Model text is text.
import { Mic, Phone, PhoneOff } from 'lucide-react';
import type { ChatCharacter } from '@reverie/shared';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import { PHASE_TEXT, type CallLine, type CallState } from '../lib/call-machine';
import { useCall } from './use-call';

interface Props {
  character: Pick<ChatCharacter, 'id' | 'name' | 'avatarUrl'>;
  conversationId?: string;
  /** What a minute costs, said before the call starts ("free, 9 minutes left today"). */
  price: string | null;
  maxMs: number;
  open: boolean;
  onClose: () => void;
}

export function CallScreen({ character, conversationId, price, maxMs, open, onClose }: Props) {
  const call = useCall({ characterId: character.id, conversationId, maxMs });
  const { state } = call;
  const live = !['ready', 'ended', 'error'].includes(state.phase);
  const close = () => {
    if (live) call.hangUp();
    onClose();
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && close()}>
      <DialogContent
        hideClose
        className={cn(
          'flex flex-col items-center gap-6 border-neutral-800 bg-neutral-950 text-neutral-50',
          'h-[100dvh] max-h-none w-full max-w-none rounded-none p-6 sm:h-[min(44rem,calc(100dvh-4rem))] sm:max-w-md sm:rounded-3xl',
        )}
        onEscapeKeyDown={(e) => live && e.preventDefault()}
        onPointerDownOutside={(e) => e.preventDefault()}
      >
        <div className="mt-6 flex flex-col items-center gap-3 text-center">
          <Avatar
            name={character.name}
            src={character.avatarUrl}
            className={cn('size-24 text-3xl', state.phase === 'speaking' && 'ring-4 ring-primary/70')}
          />
          <DialogTitle className="text-2xl text-neutral-50">{character.name}</DialogTitle>
          <DialogDescription className="text-sm text-neutral-400">
            Call with an AI character. The audio is not recorded; what is said is saved in the chat.
          </DialogDescription>
        </div>
        <CallStatus state={state} />
        <Lines lines={state.lines} name={character.name} />
        <CallControls
          state={state}
          price={price}
          name={character.name}
          onStart={() => void call.start()}
          onHangUp={call.hangUp}
          onClose={onClose}
        />
      </DialogContent>
    </Dialog>
  );
}

function CallStatus({ state }: { state: CallState }) {
  if (state.phase === 'error') {
    return (
      <p role="alert" className="max-w-xs text-center text-sm text-red-300">
        {state.error}
      </p>
    );
  }
  return (
    <div className="flex flex-col items-center gap-1">
      <p role="status" className="flex items-center gap-2 text-lg font-medium">
        {state.phase === 'hearing' ? <Mic className="size-5 animate-pulse text-primary" aria-hidden="true" /> : null}
        {PHASE_TEXT[state.phase]}
      </p>
      {state.notice ? <p className="max-w-xs text-center text-sm text-amber-300">{state.notice}</p> : null}
    </div>
  );
}

/** The last few things said, newest at the bottom. */
function Lines({ lines, name }: { lines: CallLine[]; name: string }) {
  const shown = lines.slice(-4);
  return (
    <ol aria-label="What was said" className="flex w-full flex-1 flex-col justify-end gap-2 overflow-hidden text-sm">
      {shown.map((line, i) => (
        <li
          key={lines.length - shown.length + i}
          className={cn('rounded-2xl px-3 py-2', line.who === 'you' ? 'self-end bg-neutral-800' : 'self-start bg-neutral-900')}
        >
          <span className="sr-only">{line.who === 'you' ? 'You: ' : `${name}: `}</span>
          {line.text}
          {line.interrupted ? <span className="text-neutral-500"> (stopped)</span> : null}
        </li>
      ))}
    </ol>
  );
}

interface ControlsProps {
  state: CallState;
  price: string | null;
  name: string;
  onStart: () => void;
  onHangUp: () => void;
  onClose: () => void;
}

function CallControls({ state, price, name, onStart, onHangUp, onClose }: ControlsProps) {
  if (state.phase === 'ready' || state.phase === 'ended' || state.phase === 'error') {
    const again = state.phase !== 'ready';
    return (
      <div className="flex w-full flex-col items-center gap-3 pb-4">
        {price ? <p className="text-sm text-neutral-300">Each minute: {price}</p> : null}
        <Button size="lg" className="w-full max-w-xs" onClick={onStart}>
          <Phone aria-hidden="true" />
          {again ? `Call ${name} again` : `Start call`}
        </Button>
        <Button variant="ghost" className="text-neutral-300" onClick={onClose}>
          Close
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-2 pb-6">
      <Button size="icon" variant="destructive" className="size-16 rounded-full" aria-label="Hang up" onClick={onHangUp}>
        <PhoneOff className="size-7" aria-hidden="true" />
      </Button>
      <span className="text-xs text-neutral-400">{state.minutes > 1 ? `Minute ${state.minutes}` : 'Hang up'}</span>
    </div>
  );
}
