// Choosing a voice by ear: the service's voices, a Preview that plays a sample line, and "Default" (none chosen).
// Used by the character editor (the creator's choice) and the chat (the user's own voice for a character).
import { useState } from 'react';
import { Loader2, Play } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { previewVoice } from '../api/speak';
import { useVoices } from '../api/get-voices';
import { useVoiceStatus } from '../api/get-voice-status';

interface Props {
  id?: string;
  value: string | null;
  onChange: (voice: string | null) => void;
  /** What "no choice" means here ("The character's voice", "The service's default voice"). */
  defaultLabel: string;
  disabled?: boolean;
}

export function VoicePicker({ id, value, onChange, defaultLabel, disabled }: Props) {
  const { data: status } = useVoiceStatus();
  const on = status !== undefined && status.speech.provider !== 'off';
  const voices = useVoices(on);
  const [previewing, setPreviewing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!on) return <p className="text-sm text-fg-subtle">Voices are not available: speech is off on this server.</p>;
  const preview = async () => {
    if (!value) return;
    setError(null);
    setPreviewing(true);
    try {
      const url = URL.createObjectURL(await previewVoice(value));
      const audio = new Audio(url);
      audio.onended = () => URL.revokeObjectURL(url);
      await audio.play();
    } catch (err) {
      setError(getErrorMessage(err, 'The sample could not be played.'));
    } finally {
      setPreviewing(false);
    }
  };
  const list = voices.data?.voices ?? [];
  // A voice chosen earlier that the service no longer offers stays visible, so saving does not silently drop it.
  const known = value === null || list.some((v) => v.id === value);
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center gap-2">
        <select
          id={id}
          value={value ?? ''}
          disabled={disabled || voices.isPending}
          onChange={(e) => onChange(e.target.value || null)}
          className="h-11 min-w-0 flex-1 rounded-xl bg-surface-raised px-3 text-sm text-fg ring-1 ring-border focus:ring-2 focus:ring-primary focus:outline-none sm:h-10"
        >
          <option value="">{defaultLabel}</option>
          {known ? null : <option value={value!}>{value} (not offered now)</option>}
          {list.map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}
            </option>
          ))}
        </select>
        <Button type="button" variant="secondary" size="sm" onClick={() => void preview()} disabled={!value || previewing || disabled}>
          {previewing ? <Loader2 className="animate-spin" /> : <Play />} Preview
        </Button>
      </div>
      {voices.isError ? (
        <p className="text-xs text-danger">{getErrorMessage(voices.error, 'The voice list could not be loaded.')}</p>
      ) : null}
      {error ? (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
