import { useState } from 'react';
import type { AgeCheckRecord } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useAgeAssurance, useResetAgeAssurance } from '../api/age-assurance';
import { Panel } from './fact-list';

const STATUS: Record<AgeCheckRecord['status'], string> = {
  pending: 'Pending',
  passed: 'Passed',
  failed: 'Failed',
  unverified: 'Could not verify',
  abandoned: 'Abandoned',
};

function CheckRow({ c }: { c: AgeCheckRecord }) {
  return (
    <li className="grid gap-0.5 rounded-xl bg-surface-raised px-3 py-2 text-sm">
      <span className="font-semibold text-fg">
        {STATUS[c.status]}
        {c.resetAt ? <span className="ml-2 text-xs font-normal text-fg-subtle">reset {formatDate(c.resetAt)}</span> : null}
      </span>
      <span className="text-xs text-fg-muted">
        {c.provider} · {c.method} · {c.region ?? 'region unknown'} · {formatDate(c.decidedAt ?? c.createdAt, 'dateTime')}
      </span>
      <span className="font-mono text-xs break-all text-fg-subtle">{c.providerRef}</span>
    </li>
  );
}

/** Admins: the account's age checks (never documents) and "Reset age assurance". */
export function AgeAssurancePanel({ userId }: { userId: string }) {
  const query = useAgeAssurance(userId);
  const reset = useResetAgeAssurance();
  const [confirming, setConfirming] = useState(false);
  const verified = query.data?.verified === true;
  return (
    <Panel
      title="Age assurance"
      action={
        verified ? (
          <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
            Reset
          </Button>
        ) : null
      }
    >
      {query.isPending ? <Spinner label="Loading age checks" /> : null}
      {query.isError ? <p className="text-sm text-danger">{getErrorMessage(query.error, 'The age checks could not be loaded.')}</p> : null}
      {query.data ? (
        <>
          <p className="text-sm text-fg" data-testid="age-assurance-status">
            {verified ? `Verified ${query.data.verifiedAt ? formatDate(query.data.verifiedAt) : ''}` : 'Not verified'}
          </p>
          {query.data.checks.length ? (
            <ul className="grid gap-2">
              {query.data.checks.map((c) => (
                <CheckRow key={c.id} c={c} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-fg-subtle">No age checks.</p>
          )}
        </>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Reset age assurance?"
        description="Adult content closes for this account wherever a check is required, until it passes a new one. Its past checks stay on record."
        confirmLabel="Reset"
        busyLabel="Resetting…"
        busy={reset.isPending}
        destructive
        onConfirm={() => reset.mutate(userId, { onSuccess: () => setConfirming(false) })}
      />
    </Panel>
  );
}
