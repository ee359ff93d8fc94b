// The character's voice in a call: each sentence's MP3, as it arrives, played after the one before. `stop` is
// immediate (a barge-in): what plays is paused and what waits is dropped.
export interface CallPlayer {
  enqueue(audio: Blob): void;
  stop(): void;
}

export function callPlayer(onPlaying: (on: boolean) => void, onError: (message: string) => void): CallPlayer {
  const queue: Blob[] = [];
  let current: { audio: HTMLAudioElement; url: string } | null = null;

  const finish = () => {
    if (current) URL.revokeObjectURL(current.url);
    current = null;
    next();
  };
  const next = () => {
    const blob = queue.shift();
    if (!blob) return onPlaying(false);
    const url = URL.createObjectURL(blob);
    const audio = new Audio(url);
    audio.dataset.speech = 'call';
    current = { audio, url };
    audio.onended = finish;
    audio.onerror = () => {
      onError('A sentence of the reply could not be played.');
      finish();
    };
    onPlaying(true);
    audio.play().catch((err: Error) => {
      if (err.name === 'AbortError') return;
      onError(
        err.name === 'NotAllowedError' ? 'The browser blocked the sound: press the page and try again.' : 'The reply could not be played.',
      );
      finish();
    });
  };

  return {
    enqueue(audio) {
      queue.push(audio);
      if (!current) next();
    },
    stop() {
      queue.length = 0;
      if (current) {
        current.audio.onended = null;
        current.audio.onerror = null;
        current.audio.pause();
        URL.revokeObjectURL(current.url);
        current = null;
      }
      onPlaying(false);
    },
  };
}
