// Settings → Voice: read replies aloud as they arrive, only the quoted dialogue, skip *actions*. Saved on change.
// Where the browser has a speech recogniser, also whether hold-to-talk uses it (kept in this browser only).
import { AudioLines } from 'lucide-react';
import type { SpeechSettings } from '@reverie/shared';
import { SettingsSection } from '@/components/page/settings-section';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useVoiceStatus } from '../api/get-voice-status';
import { useUpdateSpeechSettings } from '../api/update-speech-settings';
import { recognitionClass, useBrowserRecognition } from '../lib/browser-recognition';
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
  const [browser, setBrowser] = useBrowserRecognition();
  const canRecognise = recognitionClass() !== null;
  if (isError || !status || (status.speech.provider === 'off' && status.transcription.provider === 'off' && !canRecognise)) return null;
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
  // Each part shows only where it applies: the rows about reading replies aloud where speech is on, the price of
  // speaking where the server transcribes and the browser does not.
  const speaks = status.speech.provider !== 'off';
  const listen = speaks ? listenPrice(status.prices) : null;
  const mic = status.transcription.provider !== 'off' && !browser ? micPrice(status.prices) : null;
  return (
    <SettingsSection
      id="voice"
      title="Voice"
      description={
        speaks
          ? 'How replies are read aloud. Recordings are not kept; their text is.'
          : 'How hold to talk hears you. Recordings are not kept.'
      }
      icon={<AudioLines />}
    >
      <div className="divide-y divide-border">
        {(speaks ? ROWS : []).map((r) => (
          <SwitchRow
            key={r.key}
            label={r.label}
            hint={r.hint}
            checked={pending?.[r.key] ?? settings?.[r.key] ?? false}
            disabled={update.isPending || !settings}
            onChange={(v) => save(r.key, v)}
          />
        ))}
        {canRecognise && (
          <SwitchRow
            label="Use this browser's speech recognition"
            hint="Hold to talk is then heard by the browser itself: free, and nothing is sent to Reverie, but the browser may send the audio to its maker (Chrome sends it to Google). Only in this browser."
            checked={browser}
            onChange={setBrowser}
          />
        )}
      </div>
      {(listen || mic) && (
        <p className="mt-3 text-sm text-fg-subtle">
          {listen ? `Listening to a reply: ${listen}.` : null} {mic ? `Speaking a message: ${mic}.` : null}
        </p>
      )}
    </SettingsSection>
  );
}
