/** What went wrong with the microphone or its transcription, in a bubble above the composer's voice button. */
export function VoiceError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="absolute bottom-full left-0 mb-2 w-64 rounded-xl bg-surface-raised px-3 py-2 text-xs text-danger shadow-lg ring-1 ring-border"
    >
      {message}
    </p>
  );
}
