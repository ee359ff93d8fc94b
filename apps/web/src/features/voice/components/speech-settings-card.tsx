// Settings → Voice: read replies aloud as they arrive, only the quoted dialogue, skip *actions*. Saved on change.
import { AudioLines } from 'lucide-react';
import type { SpeechSettings } from '@reverie/shared';
import { SettingsSection } from '@/components/page/settings-section';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useVoiceStatus } from '../api/get-voice-status';
import { useUpdateSpeechSettings } from '../api/update-speech-settings';
import { listenPrice } from './listen-button';
import { micPrice } from './mic-button';
import { SwitchRow } from '@/components/ui/switch-row';

type Flag = 'autoPlay' | 'dialogueOnly' | 'skipActions';

const ROWS: Array<{ key: Flag; label: string; hint: string }> = [
  { key: 'autoPlay', label: 'Read replies aloud as they arrive', hint: 'Each new reply is read once it is saved, sentence by sentence.' },
  { key: 'dialogueOnly', label: 'Only quoted dialogue', hint: 'Speak only what is inside quotes ("…"); narration stays silent.' },
  { key: 'skipActions', label: 'Skip *actions*', hint: 'Leave out actions written between asterisks.' },
];

export function SpeechSettingsCard() {
  const { data: status, isError } = useVoiceStatus();
  const update = useUpdateSpeechSettings();
  if (isError || !status || (status.speech.provider === 'off' && status.transcription.provider === 'off')) return null;
  const settings: SpeechSettings | null = status.settings;
  const pending = update.isPending ? update.variables : undefined;
  const save = (key: Flag, next: boolean) =>
    update.mutate(
      { [key]: next },
      {
        onError: (err) =>
          toast({
            title: 'Could not save your voice settings',
            description: getErrorMessage(err, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  const listen = listenPrice(status.prices);
  const mic = micPrice(status.prices);
  return (
    <SettingsSection
      id="voice"
      title="Voice"
      description="How replies are read aloud. Recordings are not kept; their text is."
      icon={<AudioLines />}
    >
      <div className="divide-y divide-border">
        {ROWS.map((r) => (
          <SwitchRow
            key={r.key}
            label={r.label}
            hint={r.hint}
            checked={pending?.[r.key] ?? settings?.[r.key] ?? false}
            disabled={update.isPending || !settings}
            onChange={(v) => save(r.key, v)}
          />
        ))}
      </div>
      <p className="mt-3 text-sm text-fg-subtle">
        {listen ? `Listening to a reply: ${listen}.` : null} {mic ? `Speaking a message: ${mic}.` : null}
      </p>
    </SettingsSection>
  );
}
