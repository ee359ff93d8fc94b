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

type ModerationAction = 'warn' | 'suspend' | 'unsuspend';

/** The actions' shared reason, error and inputs, and what each button does with them. */
function useAccountActions(account: AccountSummary) {
  const [reason, setReason] = useState('');
  const [delta, setDelta] = useState('');
  const [role, setRole] = useState<Role>(account.role);
  const [error, setError] = useState<string | null>(null);
  // One key per filled-in adjustment: a double click or a retry after a network error applies once.
  const [coinsKey, setCoinsKey] = useState(newKey);
  const act = useUserAction();
  const coins = useAdjustCoins();
  const setRoleMutation = useSetRole();
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

  const moderate = (action: ModerationAction) =>
    !needReason() && act.mutate({ id: account.id, action, reason: reason.trim() }, { onSuccess: done, onError: failed });
  const changeDelta = (value: string) => {
    setDelta(value);
    setCoinsKey(newKey());
  };
  const applyCoins = () => {
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
  };
  const applyRole = () =>
    !needReason() && setRoleMutation.mutate({ id: account.id, role, reason: reason.trim() }, { onSuccess: done, onError: failed });

  return { reason, setReason, delta, changeDelta, role, setRole, error, busy, moderate, applyCoins, applyRole };
}

/** Warn, and suspend or lift the suspension, depending on whether the account is suspended. */
function ModerationButtons({ suspended, busy, onAct }: { suspended: boolean; busy: boolean; onAct: (action: ModerationAction) => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" disabled={busy} onClick={() => onAct('warn')}>
        <ShieldAlert aria-hidden="true" />
        Warn
      </Button>
      {suspended ? (
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => onAct('unsuspend')}>
          <RotateCcw aria-hidden="true" />
          Lift suspension
        </Button>
      ) : (
        <Button variant="destructive" size="sm" disabled={busy} onClick={() => onAct('suspend')}>
          <Ban aria-hidden="true" />
          Suspend
        </Button>
      )}
    </div>
  );
}

/** The number of coins to add or take away, applied through the ledger. */
function CoinsAdjustment({
  delta,
  onDeltaChange,
  busy,
  onApply,
}: {
  delta: string;
  onDeltaChange: (value: string) => void;
  busy: boolean;
  onApply: () => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Coins to add (negative to take away)</Label>
      <div className="flex gap-2">
        <Input id={id} inputMode="numeric" value={delta} onChange={(e) => onDeltaChange(e.target.value)} placeholder="e.g. 50 or -20" />
        <Button variant="secondary" className="shrink-0" disabled={busy} onClick={onApply}>
          <Coins aria-hidden="true" />
          Apply
        </Button>
      </div>
    </div>
  );
}

/** The account's role, set only when it differs from the current one. */
function RoleChange({
  role,
  current,
  onRoleChange,
  busy,
  onApply,
}: {
  role: Role;
  current: Role;
  onRoleChange: (role: Role) => void;
  busy: boolean;
  onApply: () => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Role</Label>
      <div className="flex gap-2">
        <Select id={id} value={role} onChange={(e) => onRoleChange(e.target.value as Role)} className="flex-1">
          {UserRole.options.map((r) => (
            <option key={r} value={r}>
              {r === 'user' ? 'Member' : r === 'moderator' ? 'Moderator' : 'Administrator'}
            </option>
          ))}
        </Select>
        <Button variant="secondary" className="shrink-0" disabled={busy || role === current} onClick={onApply}>
          <UserCog aria-hidden="true" />
          Set
        </Button>
      </div>
    </div>
  );
}

/** Warn, suspend or lift a suspension; admins also adjust coins (through the ledger) and change the role. */
export function AccountActions({ account, isAdmin, isSelf }: { account: AccountSummary; isAdmin: boolean; isSelf: boolean }) {
  const actions = useAccountActions(account);

  if (isSelf)
    return (
      <Panel title="Actions">
        <p className="text-sm text-fg-muted">This is your own account: nobody acts on their own account here.</p>
      </Panel>
    );

  return (
    <Panel title="Actions">
      <ReasonField value={actions.reason} onChange={actions.setReason} />
      {actions.error ? <FormError>{actions.error}</FormError> : null}
      <ModerationButtons suspended={!!account.suspendedAt} busy={actions.busy} onAct={actions.moderate} />
      {isAdmin ? (
        <div className="grid gap-4 border-t border-border pt-4 sm:grid-cols-2">
          <CoinsAdjustment delta={actions.delta} onDeltaChange={actions.changeDelta} busy={actions.busy} onApply={actions.applyCoins} />
          <RoleChange
            role={actions.role}
            current={account.role}
            onRoleChange={actions.setRole}
            busy={actions.busy}
            onApply={actions.applyRole}
          />
        </div>
      ) : (
        <p className="text-xs text-fg-subtle">Coin adjustments and roles are for administrators.</p>
      )}
    </Panel>
  );
}
