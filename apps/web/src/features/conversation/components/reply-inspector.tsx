// "Why this reply": what went into a reply's prompt (its parts with their tokens, the lorebook entries with the key
// that triggered each, memory, history) and the generation's numbers, with actions that shape the next reply: turn a
// lorebook entry off, pin or drop a fact, edit the summary. A sheet on phones, a dialog from 640 px.
import { useState } from 'react';
import { BookOpen, FileText, ScanSearch } from 'lucide-react';
import type { InspectedLoreEntry, ReplyInspection } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { ErrorState } from '@/components/page/error-state';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useInspection } from '../api/get-inspection';
import { useRebuiltPrompt } from '../api/get-rebuilt-prompt';
import { useToggleLore } from '../api/toggle-lore';
import { InspectorMemory } from './reply-inspector-memory';
import { InspectorJournal } from './reply-inspector-journal';
import { InspectorRecall } from './reply-inspector-recall';
import { formatDuration, formatNumber, formatTokenRate } from '@/lib/format';

/** Names of the prompt's parts in words; a part this list does not know shows under its own name. */
const PART_LABELS: Record<string, string> = {
  instructions: 'Instructions',
  description: 'Description',
  personality: 'Personality',
  scenario: 'Scenario',
  persona: 'Your persona',
  lore: 'Lorebook entries',
  pinnedFacts: 'Pinned facts',
  journal: 'Journal memories',
  recalled: 'Recalled passages',
  summary: 'Summary',
  examples: 'Example exchanges',
  history: 'History',
  postHistory: 'Post-history instructions',
};

export function partLabel(name: string): string {
  if (PART_LABELS[name]) return PART_LABELS[name];
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

const n = (v: number) => formatNumber(v);

function chargeText(c: ReplyInspection['charge']): string {
  switch (c.kind) {
    case 'free':
      return 'Free message';
    case 'coins':
      return `${n(c.coins)} ${c.coins === 1 ? 'coin' : 'coins'}`;
    case 'owed':
      return 'Free (owed)';
    case 'refunded':
      return 'Refunded';
    default:
      return 'Not known';
  }
}

interface Props {
  message: { id: string; swipeIndex: number };
  characterName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ReplyInspectorDialog({ message, characterName, open, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className={cn(
          // A sheet from the bottom on phones; a wide dialog from 640 px.
          'top-auto bottom-0 max-h-[90dvh] w-full max-w-none translate-y-0 overflow-y-auto rounded-b-none p-4',
          'sm:dialog-fit sm:bottom-auto sm:w-[calc(100%-2rem)] sm:max-w-2xl sm:-translate-y-1/2 sm:rounded-2xl sm:p-6',
        )}
        data-testid="reply-inspector"
      >
        <DialogHeader className="text-left">
          <DialogTitle className="flex items-center gap-2">
            <ScanSearch className="size-5 text-primary" aria-hidden="true" /> Why this reply
          </DialogTitle>
          <DialogDescription>
            What went into {characterName}'s prompt for this reply. Changes here apply to the next reply.
          </DialogDescription>
        </DialogHeader>
        <InspectorBody messageId={message.id} swipe={message.swipeIndex} />
      </DialogContent>
    </Dialog>
  );
}

function InspectorBody({ messageId, swipe }: { messageId: string; swipe: number }) {
  const query = useInspection(messageId, swipe);
  if (query.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Loading the details of this reply" showLabel />
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title="Could not load the details"
        description={getErrorMessage(query.error, 'Check your connection and try again.')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const { inspection, conversationId, disabledLore } = query.data;
  if (!inspection) {
    return (
      <div className="rounded-2xl border border-dashed border-border-strong px-4 py-10 text-center" role="status">
        <p className="font-medium text-fg">No details were recorded for this reply</p>
        <p className="mt-1 text-sm text-fg-subtle">Greetings and replies written before this feature have none.</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6 text-sm">
      <Numbers inspection={inspection} />
      <Parts inspection={inspection} />
      <Lore conversationId={conversationId} entries={inspection.lore} skipped={inspection.loreSkipped} disabled={disabledLore} />
      <InspectorJournal inspection={inspection} />
      <InspectorRecall inspection={inspection} />
      <InspectorMemory conversationId={conversationId} inspection={inspection} />
      <FullPrompt messageId={messageId} swipe={swipe} />
    </div>
  );
}

function Numbers({ inspection: i }: { inspection: ReplyInspection }) {
  const rows: Array<[string, string]> = [
    ['Model', i.model],
    ['Context', `${n(i.contextSize)} tokens`],
    ['Tokens in', n(i.tokens.in)],
    ['Tokens out', n(i.tokens.out)],
    ['First token', i.firstTokenMs === null ? '—' : formatDuration(i.firstTokenMs)],
    ['Speed', i.tokensPerSecond === null ? '—' : formatTokenRate(i.tokensPerSecond)],
    ['Cost', chargeText(i.charge)],
  ];
  return (
    <section aria-labelledby="inspector-numbers">
      <h3 id="inspector-numbers" className="sr-only">
        Numbers
      </h3>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {rows.map(([label, value]) => (
          <div key={label} className={cn('rounded-xl bg-surface-raised px-3 py-2 ring-1 ring-border', label === 'Model' && 'col-span-2')}>
            <dt className="text-xs text-fg-subtle">{label}</dt>
            <dd className="truncate font-medium text-fg tabular-nums" title={value}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Parts({ inspection: i }: { inspection: ReplyInspection }) {
  const scale = Math.max(1, ...i.parts.map((p) => p.tokens));
  return (
    <section aria-labelledby="inspector-parts">
      <h3 id="inspector-parts" className="mb-1 font-semibold text-fg">
        What the prompt was made of
      </h3>
      <p className="mb-3 text-xs text-fg-subtle">
        {n(i.tokens.prompt)} of {n(i.contextSize - i.replyBudget)} tokens the prompt may use ({n(i.replyBudget)} kept for the reply).
      </p>
      <ul className="flex flex-col gap-2" data-testid="inspector-parts">
        {i.parts.map((p) => (
          <li key={p.name} className="grid grid-cols-[minmax(0,9rem)_1fr_auto] items-center gap-3 sm:grid-cols-[12rem_1fr_auto]">
            <span className="min-w-0">
              <span className="block truncate text-fg-muted">{partLabel(p.name)}</span>
              {p.name === 'history' ? (
                <span className="block text-xs text-fg-subtle">
                  {n(i.history.included)} {i.history.included === 1 ? 'message' : 'messages'} fitted, {n(i.history.leftOut)} left out
                </span>
              ) : null}
            </span>
            <span className="h-2 overflow-hidden rounded-full bg-surface-raised ring-1 ring-border" aria-hidden="true">
              <span
                className="block h-full rounded-full bg-linear-to-r from-primary-strong to-accent-strong"
                style={{ width: `${Math.max(2, (p.tokens / scale) * 100)}%` }}
              />
            </span>
            <span className="text-right text-xs text-fg-subtle tabular-nums">{n(p.tokens)} tokens</span>
          </li>
        ))}
      </ul>
      {i.examples.leftOut > 0 ? (
        <p className="mt-2 text-xs text-fg-subtle">{n(i.examples.leftOut)} example exchanges did not fit.</p>
      ) : null}
    </section>
  );
}

function Lore({
  conversationId,
  entries,
  skipped,
  disabled,
}: {
  conversationId: string;
  entries: InspectedLoreEntry[];
  skipped: string[];
  disabled: string[];
}) {
  const toggle = useToggleLore();
  return (
    <section aria-labelledby="inspector-lore">
      <h3 id="inspector-lore" className="mb-1 flex items-center gap-2 font-semibold text-fg">
        <BookOpen className="size-4 text-primary" aria-hidden="true" /> Lorebook entries
      </h3>
      {entries.length === 0 ? (
        <p className="text-xs text-fg-subtle">No lorebook entry was triggered for this reply.</p>
      ) : (
        <>
          <p className="mb-2 text-xs text-fg-subtle">Turn an entry off to leave it out of this conversation from the next reply on.</p>
          <ul className="flex flex-col gap-1.5" data-testid="inspector-lore">
            {entries.map((e) => {
              const on = !disabled.includes(e.id);
              return (
                <li key={e.id} className="flex items-center gap-3 rounded-lg bg-surface-raised px-3 py-2 ring-1 ring-border">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium text-fg">{e.name}</p>
                    <p className="text-xs text-fg-subtle">
                      {e.key === null ? 'Always on' : <>Triggered by “{e.key}”</>} · {n(e.tokens)} tokens
                      {on ? '' : ' · off from the next reply'}
                    </p>
                  </div>
                  <Switch
                    checked={on}
                    disabled={toggle.isPending}
                    aria-label={`Use “${e.name}” in this conversation`}
                    onCheckedChange={(enabled) =>
                      toggle.mutate(
                        { conversationId, entryId: e.id, enabled },
                        {
                          onSuccess: () => toast({ title: enabled ? `“${e.name}” is on again` : `“${e.name}” is off`, variant: 'success' }),
                          onError: (error) =>
                            toast({
                              title: 'Not changed',
                              description: getErrorMessage(error, 'Please try again.'),
                              variant: 'destructive',
                            }),
                        },
                      )
                    }
                  />
                </li>
              );
            })}
          </ul>
        </>
      )}
      {skipped.length ? (
        <p className="mt-2 text-xs text-fg-subtle">Triggered but left out (the lorebook's token budget was spent): {skipped.join(', ')}.</p>
      ) : null}
    </section>
  );
}

function FullPrompt({ messageId, swipe }: { messageId: string; swipe: number }) {
  const [shown, setShown] = useState(false);
  const prompt = useRebuiltPrompt(messageId, swipe, shown);
  return (
    <section aria-labelledby="inspector-prompt">
      <h3 id="inspector-prompt" className="sr-only">
        Full prompt
      </h3>
      <Button size="sm" variant="outline" onClick={() => setShown((s) => !s)} aria-expanded={shown}>
        <FileText aria-hidden="true" /> {shown ? 'Hide full prompt' : 'Show full prompt'}
      </Button>
      {!shown ? null : prompt.isPending ? (
        <div className="mt-3">
          <Spinner label="Rebuilding the prompt" showLabel />
        </div>
      ) : prompt.isError ? (
        <p role="alert" className="mt-3 text-danger">
          {getErrorMessage(prompt.error, 'Could not rebuild the prompt.')}
        </p>
      ) : (
        <div className="mt-3 flex flex-col gap-2" data-testid="inspector-full-prompt">
          <p className="text-xs text-fg-subtle">Rebuilt from what this reply used and today's data: {n(prompt.data.tokens)} tokens.</p>
          {prompt.data.changes.length ? (
            <ul
              className="rounded-lg bg-warning/10 px-3 py-2 text-xs text-warning ring-1 ring-warning/30"
              aria-label="Changed since this reply"
            >
              {prompt.data.changes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          ) : null}
          {prompt.data.messages.map((m, idx) => (
            <div key={idx} className="rounded-lg bg-surface-raised ring-1 ring-border">
              <p className="border-b border-border px-3 py-1 text-xs font-medium text-fg-subtle capitalize">{m.role}</p>
              <pre className="max-h-64 overflow-auto px-3 py-2 font-sans text-xs whitespace-pre-wrap text-fg-muted [overflow-wrap:anywhere]">
                {m.content}
              </pre>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
