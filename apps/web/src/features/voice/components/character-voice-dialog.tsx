// "Voice" in a chat's menu: the user's own voice for this character, over the creator's choice (saved to the account).
import { useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { getErrorMessage } from '@/lib/api-client';
import { useVoiceStatus } from '../api/get-voice-status';
import { useUpdateSpeechSettings } from '../api/update-speech-settings';
import { VoicePicker } from './voice-picker';

interface Props {
  characterId: string;
  characterName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function CharacterVoiceDialog({ characterId, characterName, open, onOpenChange }: Props) {
  const { data: status } = useVoiceStatus();
  const update = useUpdateSpeechSettings();
  const [error, setError] = useState<string | null>(null);
  const mine = status?.settings?.voices[characterId] ?? null;
  const choose = (voiceId: string | null) => {
    setError(null);
    update.mutate(
      { voice: { characterId, voiceId } },
      { onError: (err) => setError(getErrorMessage(err, 'The voice could not be saved.')) },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{characterName}’s voice</DialogTitle>
          <DialogDescription>The voice you hear when a reply is read aloud. Only you hear your choice.</DialogDescription>
        </DialogHeader>
        <VoicePicker
          value={update.isPending ? (update.variables.voice?.voiceId ?? null) : mine}
          onChange={choose}
          defaultLabel="The character’s own voice"
          disabled={update.isPending}
        />
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
