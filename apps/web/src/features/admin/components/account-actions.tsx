import { useId, useState } from 'react';
import { Ban, Coins, RotateCcw, ShieldAlert, UserCog } from 'lucide-react';
import { UserRole, type AccountSummary, type UserRole as Role } from '@reverie/shared';
import { FormError } from '@/components/form/form-parts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAdjustCoins } from '../api/adjust-coins';
import { useSetRole } from '../api/set-role';
import { useUserAction } from '../api/user-action';
import { newIdempotencyKey as newKey } from '../lib/idempotency-key';
import { Panel } from './fact-list';
import { ReasonField } from './reason-field';

/** Warn, suspend or lift a suspension; admins also adjust coins (through the ledger) and change the role. */
export function AccountActions({ account, isAdmin, isSelf }: { account: AccountSummary; isAdmin: boolean; isSelf: boolean }) {
  const [reason, setReason] = useState('');
  const [delta, setDelta] = useState('');
  const [role, setRole] = useState<Role>(account.role);
  const [error, setError] = useState<string | null>(null);
  // One key per filled-in adjustment: a double click or a retry after a network error applies once.
  const [coinsKey, setCoinsKey] = useState(newKey);
  const act = useUserAction();
  const coins = useAdjustCoins();
  const setRoleMutation = useSetRole();
  const ids = { delta: useId(), role: useId() };
  const busy = act.isPending || coins.isPending || setRoleMutation.isPending;

  const done = (r: { message: string }) => {
    toast({ title: 'Done', description: r.message, variant: 'success' });
    setReason('');
  };
  const failed = (e: unknown) => setError(getErrorMessage(e, 'That did not work. Please try again.'));
  const needReason = () => {
    if (reason.trim().length >= 3) return false;
    setError('Give a reason (at least 3 characters): it goes into the audit log.');
    return true;
  };

  if (isSelf)
    return (
      <Panel title="Actions">
        <p className="text-sm text-fg-muted">This is your own account: nobody acts on their own account here.</p>
      </Panel>
    );

  return (
    <Panel title="Actions">
      <ReasonField value={reason} onChange={setReason} />
      {error ? <FormError>{error}</FormError> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={busy}
          onClick={() =>
            !needReason() && act.mutate({ id: account.id, action: 'warn', reason: reason.trim() }, { onSuccess: done, onError: failed })
          }
        >
          <ShieldAlert aria-hidden="true" />
          Warn
        </Button>
        {account.suspendedAt ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() =>
              !needReason() &&
              act.mutate({ id: account.id, action: 'unsuspend', reason: reason.trim() }, { onSuccess: done, onError: failed })
            }
          >
            <RotateCcw aria-hidden="true" />
            Lift suspension
          </Button>
        ) : (
          <Button
            variant="destructive"
            size="sm"
            disabled={busy}
            onClick={() =>
              !needReason() &&
              act.mutate({ id: account.id, action: 'suspend', reason: reason.trim() }, { onSuccess: done, onError: failed })
            }
          >
            <Ban aria-hidden="true" />
            Suspend
          </Button>
        )}
      </div>
      {isAdmin ? (
        <div className="grid gap-4 border-t border-border pt-4 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor={ids.delta}>Coins to add (negative to take away)</Label>
            <div className="flex gap-2">
              <Input
                id={ids.delta}
                inputMode="numeric"
                value={delta}
                onChange={(e) => {
                  setDelta(e.target.value);
                  setCoinsKey(newKey());
                }}
                placeholder="e.g. 50 or -20"
              />
              <Button
                variant="secondary"
                className="shrink-0"
                disabled={busy}
                onClick={() => {
                  const n = Number(delta);
                  if (!Number.isInteger(n) || n === 0) return setError('Enter a whole number of coins other than 0.');
                  if (needReason()) return;
                  coins.mutate(
                    { id: account.id, delta: n, reason: reason.trim(), key: coinsKey },
                    {
                      onSuccess: (r) => {
                        done(r);
                        setDelta('');
                        setCoinsKey(newKey());
                      },
                      onError: failed,
                    },
                  );
                }}
              >
                <Coins aria-hidden="true" />
                Apply
              </Button>
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.role}>Role</Label>
            <div className="flex gap-2">
              <Select id={ids.role} value={role} onChange={(e) => setRole(e.target.value as Role)} className="flex-1">
                {UserRole.options.map((r) => (
                  <option key={r} value={r}>
                    {r === 'user' ? 'Member' : r === 'moderator' ? 'Moderator' : 'Administrator'}
                  </option>
                ))}
              </Select>
              <Button
                variant="secondary"
                className="shrink-0"
                disabled={busy || role === account.role}
                onClick={() =>
                  !needReason() &&
                  setRoleMutation.mutate({ id: account.id, role, reason: reason.trim() }, { onSuccess: done, onError: failed })
                }
              >
                <UserCog aria-hidden="true" />
                Set
              </Button>
            </div>
          </div>
        </div>
      ) : (
        <p className="text-xs text-fg-subtle">Coin adjustments and roles are for administrators.</p>
      )}
    </Panel>
  );
}
