import { BellRing } from 'lucide-react';
import { SettingsSection } from '@/components/page/settings-section';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { usePushDevices } from '../api/push-devices';
import { usePushSettings } from '../api/push-settings';
import { usePushDevice } from '../hooks/use-push-device';
import { PushDevices } from './push-devices';
import { PushThisDevice } from './push-this-device';
import { PushTopics } from './push-topics';
import { QuietHours } from './quiet-hours';

function Block({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-3 border-t border-border pt-5">
      <h3 className="text-sm font-semibold text-fg">{title}</h3>
      {children}
    </section>
  );
}

/** Settings → Push notifications: this device, what may push, quiet hours, and the account's devices. */
export function PushSettingsCard() {
  const device = usePushDevice();
  const settings = usePushSettings();
  const devices = usePushDevices();
  const thisDevice = devices.data?.find((d) => d.endpoint === device.endpoint);
  return (
    <SettingsSection
      id="push"
      title="Push notifications"
      description="On your phone or computer, even while Reverie is closed."
      icon={<BellRing />}
    >
      <div className="grid gap-5">
        <PushThisDevice state={device} thisDeviceId={thisDevice?.id} />
        {settings.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : settings.isError ? (
          <div className="flex items-center justify-between gap-3 text-sm text-danger" role="alert">
            Your push settings could not be loaded.
            <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            <Block title="What to push">
              <PushTopics settings={settings.data} />
            </Block>
            <Block title="Quiet hours">
              <QuietHours key={JSON.stringify(settings.data.quietHours)} settings={settings.data} />
            </Block>
          </>
        )}
        <Block title="Devices">
          {devices.isPending ? (
            <Skeleton className="h-14 w-full" />
          ) : devices.isError ? (
            <p className="text-sm text-danger">The device list could not be loaded.</p>
          ) : (
            <PushDevices devices={devices.data} thisEndpoint={device.endpoint} />
          )}
        </Block>
      </div>
    </SettingsSection>
  );
}
