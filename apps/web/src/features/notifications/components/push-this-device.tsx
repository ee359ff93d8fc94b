import { BellOff, BellRing, Smartphone } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { PushDeviceState } from '../hooks/use-push-device';

/** What pushes are for, said before the browser asks (the permission prompt only ever follows this button's click). */
export const PUSH_PROMISE =
  'Get a notification on this device when a reply finishes after you left the chat, a picture is ready, someone follows you, support answers your ticket or a character writes to you, even while Reverie is closed. You choose which below.';

function Note({ children, tone = 'muted' }: { children: React.ReactNode; tone?: 'muted' | 'warn' }) {
  const cls = tone === 'warn' ? 'border-warning/40 bg-warning/10 text-fg' : 'border-border bg-surface-raised text-fg-muted';
  return <p className={`rounded-xl border px-3 py-2.5 text-sm ${cls}`}>{children}</p>;
}

/** This browser: why it cannot get pushes, or the button that asks permission, or that it gets them (and a way off). */
export function PushThisDevice({ state, thisDeviceId }: { state: PushDeviceState; thisDeviceId?: string }) {
  const { support, permission, endpoint, busy, error } = state;
  if (support === 'ios-not-installed') {
    return (
      <Note>
        <Smartphone aria-hidden="true" className="mr-1.5 inline size-4 align-[-3px] text-primary" />
        On iPhone and iPad, notifications work once Reverie is added to the Home Screen. In Safari, tap Share, then “Add to Home Screen”,
        and open Reverie from there.
      </Note>
    );
  }
  if (support === 'unsupported') {
    return (
      <Note>
        This browser cannot show push notifications. Your notifications still appear in the bell, and by e-mail if you turn that on.
      </Note>
    );
  }
  if (permission === 'denied') {
    return (
      <Note tone="warn">
        Notifications are blocked for Reverie in this browser. To get them, allow notifications for this site in the browser’s site
        settings, then come back here.
      </Note>
    );
  }
  const on = !!endpoint && permission === 'granted';
  return (
    <div className="grid gap-3">
      <p className="text-sm text-fg-muted">{on ? 'This device gets push notifications.' : PUSH_PROMISE}</p>
      <div className="flex flex-wrap items-center gap-3">
        {on ? (
          <Button variant="secondary" disabled={busy} onClick={() => void state.disable(thisDeviceId)}>
            <BellOff aria-hidden="true" />
            Turn off on this device
          </Button>
        ) : (
          <Button disabled={busy || endpoint === undefined} onClick={() => void state.enable()}>
            <BellRing aria-hidden="true" />
            Turn on notifications
          </Button>
        )}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
