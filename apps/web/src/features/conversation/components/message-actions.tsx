// What a message can do besides being read: edit (and then offer a new reply), pick a swipe, delete, report.
import { useRef, useState } from 'react';
import type { ChatMessage } from '@reverie/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ReportDialog } from '@/features/moderation';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDeleteMessage } from '../api/delete-message';
import { useEditMessage } from '../api/edit-message';
import { ReplyInspectorDialog } from './reply-inspector';

interface Options {
  characterId: string;
  messages: ChatMessage[];
  /** Shows a failure it knows (see useChatProblem); false lets the action toast its own. */
  explain: (error: unknown) => boolean;
}

export function useMessageActions({ characterId, messages, explain }: Options) {
  const edit = useEditMessage();
  const remove = useDeleteMessage();
  const [confirmDelete, setConfirmDelete] = useState<ChatMessage | null>(null);
  const [reporting, setReporting] = useState<ChatMessage | null>(null);
  const [inspecting, setInspecting] = useState<ChatMessage | null>(null);
  /** A message just edited whose reply (the one right after it, last or not) may be regenerated to fit it. */
  const [regenerateOffer, setRegenerateOffer] = useState<string | null>(null);
  // The messages as they are once an edit is back (the edit awaited a render or more).
  const latest = useRef(messages);
  latest.current = messages;

  const saveEdit = async (m: ChatMessage, content: string, index: number) => {
    try {
      await edit.mutateAsync({ characterId, messageId: m.id, body: { content } });
      // Your message changed and a reply follows it: offer a new one (the old one stays as a swipe; issue #28).
      const answered = m.role === 'user' && latest.current[index + 1]?.role === 'assistant';
      setRegenerateOffer(content !== m.content && answered ? m.id : null);
    } catch (error) {
      if (!explain(error)) toast({ title: 'Not saved', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
      throw error;
    }
  };

  const pickSwipe = (m: ChatMessage, index: number) =>
    edit.mutate({ characterId, messageId: m.id, body: { swipeIndex: index } }, { onError: (error) => explain(error) });

  const confirmRemove = () => {
    const m = confirmDelete;
    setConfirmDelete(null);
    if (!m) return;
    remove.mutate(
      { characterId, message: m },
      {
        onSuccess: () => toast({ title: 'Message deleted', variant: 'success' }),
        onError: (error) => {
          if (!explain(error))
            toast({ title: 'Not deleted', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
        },
      },
    );
  };

  return {
    saveEdit,
    pickSwipe,
    askDelete: setConfirmDelete,
    report: setReporting,
    inspect: setInspecting,
    regenerateOffer,
    setRegenerateOffer,
    dialogs: { confirmDelete, setConfirmDelete, confirmRemove, reporting, setReporting, inspecting, setInspecting },
  };
}

export type MessageActions = ReturnType<typeof useMessageActions>;

/** The delete confirmation and the report dialog of the message they were opened for. */
export function MessageActionDialogs({ dialogs, characterName }: { dialogs: MessageActions['dialogs']; characterName: string }) {
  return (
    <>
      <ConfirmDialog
        open={dialogs.confirmDelete !== null}
        onOpenChange={(open) => !open && dialogs.setConfirmDelete(null)}
        title="Delete this message?"
        description="It is removed from the conversation for good, and the model no longer sees it."
        confirmLabel="Delete"
        destructive
        onConfirm={dialogs.confirmRemove}
      />
      {dialogs.reporting ? (
        <ReportDialog
          subject={{ type: 'message', id: dialogs.reporting.id, name: `this reply from ${characterName}` }}
          open
          onOpenChange={(open) => !open && dialogs.setReporting(null)}
        />
      ) : null}
      {dialogs.inspecting ? (
        <ReplyInspectorDialog
          message={dialogs.inspecting}
          characterName={characterName}
          open
          onOpenChange={(open) => !open && dialogs.setInspecting(null)}
        />
      ) : null}
    </>
  );
}
