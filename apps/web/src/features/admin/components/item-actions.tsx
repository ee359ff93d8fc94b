import { useState, type ReactNode } from 'react';
import { Ban, CheckCircle2, Crown, EyeOff, MailCheck, RotateCcw, ShieldAlert, Trash2, XCircle, type LucideIcon } from 'lucide-react';
import type { QueueItemDetail } from '@reverie/shared';
import { FormError } from '@/components/form/form-parts';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { useSession } from '@/features/auth';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useContentAction } from '../api/content-action';
import { useResolveItem } from '../api/resolve-item';
import { useResolveRemoval } from '../api/resolve-removal';
import { useSetCharacterPremium } from '../api/set-character-premium';
import { useUserAction } from '../api/user-action';
import { ReasonField } from './reason-field';

type Outcome = 'removed' | 'rejected' | 'no_action';
type Mutate<T> = (input: T, o: { onSuccess: (r: { message: string }) => void; onError: (e: unknown) => void }) => void;

/** The decisions' requests, made once so that one under way holds every button. */
function useDecisions() {
  return {
    content: useContentAction(),
    account: useUserAction(),
    resolve: useResolveItem(),
    removal: useResolveRemoval(),
    premium: useSetCharacterPremium(),
  };
}

/** What every group of decisions shares: the requests, the reason given, whether one is under way, how to send one. */
interface Decide {
  m: ReturnType<typeof useDecisions>;
  reason: string;
  busy: boolean;
  run: <T>(mutate: Mutate<T>, input: T) => void;
}

/** The decisions an item allows, all with one reason: content, its owner, the item itself, a removal request. */
export function ItemActions({ item }: { item: QueueItemDetail }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { user } = useSession();
  const m = useDecisions();
  const decide: Decide = {
    m,
    reason: reason.trim(),
    busy: Object.values(m).some((x) => x.isPending),
    run: (mutate, input) => {
      if (reason.trim().length < 3) return setError('Give a reason (at least 3 characters): it goes into the audit log.');
      setError(null);
      mutate(input, {
        onSuccess: (r) => {
          toast({ title: 'Done', description: r.message, variant: 'success' });
          setReason('');
        },
        onError: (e) => setError(getErrorMessage(e, 'That did not work. Please try again.')),
      });
    },
  };

  const subject = item.context && !item.context.missing ? item.context : null;
  const owner = item.ownerAccount && item.ownerAccount.id !== user?.id ? item.ownerAccount : null;
  const removal = item.removalRequest && !item.removalRequest.outcome ? item.removalRequest : null;
  const closable = item.status === 'open' && (item.kind === 'report' || item.kind === 'blocked_content');

  return (
    <section aria-label="Actions" className="grid gap-4 rounded-2xl bg-surface p-5 ring-1 ring-border">
      <h2 className="text-sm font-semibold tracking-wide text-fg-subtle uppercase">Decide</h2>
      <ReasonField value={reason} onChange={setReason} />
      {error ? <FormError>{error}</FormError> : null}
      {subject ? <ContentDecisions subject={subject} admin={user?.role === 'admin'} decide={decide} /> : null}
      {owner ? <OwnerDecisions owner={owner} decide={decide} /> : null}
      {removal ? <RemovalDecision request={removal} decide={decide} /> : null}
      {closable ? <ItemDecisions itemId={item.id} decide={decide} /> : null}
    </section>
  );
}

function Group({ title, children, note }: { title: ReactNode; children: ReactNode; note?: string }) {
  return (
    <div className="grid gap-2">
      <h3 className="text-xs font-semibold text-fg-subtle">{title}</h3>
      <div className="flex flex-wrap gap-2">{children}</div>
      {note ? <p className="text-xs text-fg-subtle">{note}</p> : null}
    </div>
  );
}

function Act({
  icon: Icon,
  label,
  busy,
  onClick,
  variant = 'secondary',
}: {
  icon: LucideIcon;
  label: string;
  busy: boolean;
  onClick: () => void;
  variant?: ButtonProps['variant'];
}) {
  return (
    <Button variant={variant} size="sm" disabled={busy} onClick={onClick}>
      <Icon aria-hidden="true" />
      {label}
    </Button>
  );
}

/** Hide, remove or restore a character or a picture; premium for a character (administrators only). */
function ContentDecisions({
  subject,
  admin,
  decide,
}: {
  subject: NonNullable<QueueItemDetail['context']>;
  admin: boolean;
  decide: Decide;
}) {
  const type = subject.ref.type === 'character' || subject.ref.type === 'image' ? subject.ref.type : null;
  if (!type) return null;
  const { m, reason, busy, run } = decide;
  const { content, premium } = m;
  const state = subject.moderation;
  const act = (action: 'hide' | 'remove' | 'restore') =>
    run(content.mutate, { subjectType: type, subjectId: subject.ref.id, action, reason });
  return (
    <Group title={`The ${type}`}>
      {!state?.hidden && !state?.removed ? <Act icon={EyeOff} label="Hide" busy={busy} onClick={() => act('hide')} /> : null}
      {!state?.removed ? <Act icon={Trash2} label="Remove" variant="destructive" busy={busy} onClick={() => act('remove')} /> : null}
      {state?.hidden || state?.removed ? <Act icon={RotateCcw} label="Restore" busy={busy} onClick={() => act('restore')} /> : null}
      {/* Premium is a platform decision: administrators only. */}
      {type === 'character' && admin && !state?.removed && subject.premium !== undefined ? (
        <Act
          icon={Crown}
          label={subject.premium ? 'Remove premium' : 'Mark premium'}
          busy={busy}
          onClick={() => run(premium.mutate, { id: subject.ref.id, premium: !subject.premium, reason })}
        />
      ) : null}
    </Group>
  );
}

/** Warn the content's owner, suspend them, or lift a suspension. */
function OwnerDecisions({ owner, decide }: { owner: NonNullable<QueueItemDetail['ownerAccount']>; decide: Decide }) {
  const { m, reason, busy, run } = decide;
  const act = (action: 'warn' | 'suspend' | 'unsuspend') => run(m.account.mutate, { id: owner.id, action, reason });
  return (
    <Group title={`The account @${owner.username}`}>
      <Act icon={ShieldAlert} label="Warn" busy={busy} onClick={() => act('warn')} />
      {owner.suspendedAt ? (
        <Act icon={RotateCcw} label="Lift suspension" busy={busy} onClick={() => act('unsuspend')} />
      ) : (
        <Act icon={Ban} label="Suspend" variant="destructive" busy={busy} onClick={() => act('suspend')} />
      )}
    </Group>
  );
}

/** Settle a removal request with its outcome (the requester is e-mailed). */
function RemovalDecision({ request, decide }: { request: NonNullable<QueueItemDetail['removalRequest']>; decide: Decide }) {
  const [outcome, setOutcome] = useState<Outcome>('removed');
  const { m, reason, busy, run } = decide;
  return (
    <Group title={`Settle request ${request.reference} (the requester is e-mailed)`}>
      <Select aria-label="Outcome" value={outcome} onChange={(e) => setOutcome(e.target.value as Outcome)} className="min-w-48 flex-1">
        <option value="removed">Removed (hide or remove it first)</option>
        <option value="rejected">Rejected: it stays</option>
        <option value="no_action">No action needed</option>
      </Select>
      <Button size="sm" className="h-10" disabled={busy} onClick={() => run(m.removal.mutate, { id: request.id, outcome, reason })}>
        <MailCheck aria-hidden="true" />
        Settle
      </Button>
    </Group>
  );
}

/** Close a report or a blocked-content item without touching the content. */
function ItemDecisions({ itemId, decide }: { itemId: string; decide: Decide }) {
  const { m, reason, busy, run } = decide;
  const act = (resolution: 'resolved' | 'dismissed') => run(m.resolve.mutate, { id: itemId, resolution, reason });
  return (
    <Group title="This item" note="Hiding or removing reported content resolves its reports; reporters are told the outcome.">
      <Act icon={CheckCircle2} label="Resolve" busy={busy} onClick={() => act('resolved')} />
      <Act icon={XCircle} label="Dismiss" variant="ghost" busy={busy} onClick={() => act('dismissed')} />
    </Group>
  );
}
