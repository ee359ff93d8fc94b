import { useState } from 'react';
import { Ban, CheckCircle2, Crown, EyeOff, MailCheck, RotateCcw, ShieldAlert, Trash2, XCircle } from 'lucide-react';
import type { QueueItemDetail } from '@reverie/shared';
import { FormError } from '@/components/form/form-parts';
import { Button } from '@/components/ui/button';
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

/** The decisions an item allows, all with one reason: content, its owner, the item itself, a removal request. */
export function ItemActions({ item }: { item: QueueItemDetail }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>('removed');
  const { user } = useSession();
  const content = useContentAction();
  const account = useUserAction();
  const resolve = useResolveItem();
  const removal = useResolveRemoval();
  const premium = useSetCharacterPremium();
  const busy = content.isPending || account.isPending || resolve.isPending || removal.isPending || premium.isPending;

  const run = <T,>(
    mutate: (input: T, o: { onSuccess: (r: { message: string }) => void; onError: (e: unknown) => void }) => void,
    input: T,
  ) => {
    if (reason.trim().length < 3) return setError('Give a reason (at least 3 characters): it goes into the audit log.');
    setError(null);
    mutate(input, {
      onSuccess: (r) => {
        toast({ title: 'Done', description: r.message, variant: 'success' });
        setReason('');
      },
      onError: (e) => setError(getErrorMessage(e, 'That did not work. Please try again.')),
    });
  };

  const subject = item.context && !item.context.missing ? item.context : null;
  const contentType = subject && (subject.ref.type === 'character' || subject.ref.type === 'image') ? subject.ref.type : null;
  const state = subject?.moderation;
  const owner = item.ownerAccount && item.ownerAccount.id !== user?.id ? item.ownerAccount : null;
  const removalOpen = item.removalRequest && !item.removalRequest.outcome;
  const closable = item.status === 'open' && (item.kind === 'report' || item.kind === 'blocked_content');

  return (
    <section aria-label="Actions" className="grid gap-4 rounded-2xl bg-surface p-5 ring-1 ring-border">
      <h2 className="text-sm font-semibold tracking-wide text-fg-subtle uppercase">Decide</h2>
      <ReasonField value={reason} onChange={setReason} />
      {error ? <FormError>{error}</FormError> : null}

      {contentType && subject ? (
        <div className="grid gap-2">
          <h3 className="text-xs font-semibold text-fg-subtle">The {contentType}</h3>
          <div className="flex flex-wrap gap-2">
            {!state?.hidden && !state?.removed ? (
              <Button
                variant="secondary"
                size="sm"
                disabled={busy}
                onClick={() =>
                  run(content.mutate, {
                    subjectType: contentType,
                    subjectId: subject.ref.id,
                    action: 'hide' as const,
                    reason: reason.trim(),
                  })
                }
              >
                <EyeOff aria-hidden="true" />
                Hide
              </Button>
            ) : null}
            {!state?.removed ? (
              <Button
                variant="destructive"
                size="sm"
                disabled={busy}
                onClick={() =>
                  run(content.mutate, {
                    subjectType: contentType,
                    subjectId: subject.ref.id,
                    action: 'remove' as const,
                    reason: reason.trim(),
                  })
                }
              >
                <Trash2 aria-hidden="true" />
                Remove
              </Button>
            ) : null}
            {state?.hidden || state?.removed ? (
              <Button
                variant="secondary"
                size="sm"
                disabled={busy}
                onClick={() =>
                  run(content.mutate, {
                    subjectType: contentType,
                    subjectId: subject.ref.id,
                    action: 'restore' as const,
                    reason: reason.trim(),
                  })
                }
              >
                <RotateCcw aria-hidden="true" />
                Restore
              </Button>
            ) : null}
            {/* Premium is a platform decision: administrators only. */}
            {contentType === 'character' && user?.role === 'admin' && !state?.removed && subject.premium !== undefined ? (
              <Button
                variant="secondary"
                size="sm"
                disabled={busy}
                onClick={() => run(premium.mutate, { id: subject.ref.id, premium: !subject.premium, reason: reason.trim() })}
              >
                <Crown aria-hidden="true" />
                {subject.premium ? 'Remove premium' : 'Mark premium'}
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}

      {owner ? (
        <div className="grid gap-2">
          <h3 className="text-xs font-semibold text-fg-subtle">The account @{owner.username}</h3>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={busy}
              onClick={() => run(account.mutate, { id: owner.id, action: 'warn' as const, reason: reason.trim() })}
            >
              <ShieldAlert aria-hidden="true" />
              Warn
            </Button>
            {owner.suspendedAt ? (
              <Button
                variant="secondary"
                size="sm"
                disabled={busy}
                onClick={() => run(account.mutate, { id: owner.id, action: 'unsuspend' as const, reason: reason.trim() })}
              >
                <RotateCcw aria-hidden="true" />
                Lift suspension
              </Button>
            ) : (
              <Button
                variant="destructive"
                size="sm"
                disabled={busy}
                onClick={() => run(account.mutate, { id: owner.id, action: 'suspend' as const, reason: reason.trim() })}
              >
                <Ban aria-hidden="true" />
                Suspend
              </Button>
            )}
          </div>
        </div>
      ) : null}

      {removalOpen && item.removalRequest ? (
        <div className="grid gap-2">
          <h3 className="text-xs font-semibold text-fg-subtle">
            Settle request {item.removalRequest.reference} (the requester is e-mailed)
          </h3>
          <div className="flex flex-wrap gap-2">
            <Select
              aria-label="Outcome"
              value={outcome}
              onChange={(e) => setOutcome(e.target.value as Outcome)}
              className="min-w-48 flex-1"
            >
              <option value="removed">Removed (hide or remove it first)</option>
              <option value="rejected">Rejected: it stays</option>
              <option value="no_action">No action needed</option>
            </Select>
            <Button
              size="sm"
              className="h-10"
              disabled={busy}
              onClick={() => run(removal.mutate, { id: item.removalRequest!.id, outcome, reason: reason.trim() })}
            >
              <MailCheck aria-hidden="true" />
              Settle
            </Button>
          </div>
        </div>
      ) : null}

      {closable ? (
        <div className="grid gap-2">
          <h3 className="text-xs font-semibold text-fg-subtle">This item</h3>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={busy}
              onClick={() => run(resolve.mutate, { id: item.id, resolution: 'resolved' as const, reason: reason.trim() })}
            >
              <CheckCircle2 aria-hidden="true" />
              Resolve
            </Button>
            <Button
              variant="ghost"
              size="sm"
              disabled={busy}
              onClick={() => run(resolve.mutate, { id: item.id, resolution: 'dismissed' as const, reason: reason.trim() })}
            >
              <XCircle aria-hidden="true" />
              Dismiss
            </Button>
          </div>
          <p className="text-xs text-fg-subtle">
            Hiding or removing reported content resolves its reports; reporters are told the outcome.
          </p>
        </div>
      ) : null}
    </section>
  );
}
