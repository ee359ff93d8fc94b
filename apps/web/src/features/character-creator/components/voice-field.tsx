// The character's voice (#42): what its replies are read aloud in, chosen by ear. Travels with its card.
import { useId } from 'react';
import { VoicePicker, useVoiceStatus } from '@/features/voice';

export function VoiceField({ value, onChange }: { value: string | null; onChange: (voice: string | null) => void }) {
  const id = useId();
  const { data: status } = useVoiceStatus();
  // Speech off on this server: nothing to choose (an imported card's voice is kept as it is).
  if (!status || status.speech.provider === 'off') return null;
  return (
    <div className="grid gap-2 rounded-2xl bg-surface-raised p-4 ring-1 ring-border" data-field="voice">
      <label htmlFor={id} className="grid gap-0.5">
        <span className="text-sm font-semibold text-fg">Voice</span>
        <span className="text-xs text-fg-muted">What its replies sound like when read aloud. Listeners may pick their own.</span>
      </label>
      <VoicePicker id={id} value={value} onChange={onChange} defaultLabel="The service's default voice" />
    </div>
  );
}
