import { useCallback, useEffect, useState } from 'react';

/** A new portrait chosen in the creator, waiting to be uploaded with the next save. */
export interface PendingAvatar {
  blob: Blob;
  url: string;
  /** Kept in the draft, so a reload brings the chosen picture back. */
  dataUrl: string;
}

function readDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the image'));
    reader.readAsDataURL(blob);
  });
}

async function pendingFromDataUrl(dataUrl: string): Promise<PendingAvatar | null> {
  try {
    const blob = await (await fetch(dataUrl)).blob();
    return { blob, url: URL.createObjectURL(blob), dataUrl };
  } catch {
    return null;
  }
}

/**
 * The creator's portrait: a new picture waiting for the save (the draft's comes back as one), or the current one
 * removed. `onChange` runs on every change the user makes.
 */
export function usePortrait(o: { restored: string | undefined; current: string | null; onChange: () => void }) {
  const { restored, current, onChange } = o;
  const [pending, setPending] = useState<PendingAvatar | null>(null);
  const [removed, setRemoved] = useState(false);

  useEffect(() => {
    if (!restored) return;
    let cancelled = false;
    void pendingFromDataUrl(restored).then((p) => !cancelled && setPending(p));
    return () => {
      cancelled = true;
    };
  }, [restored]);
  useEffect(() => () => void (pending && URL.revokeObjectURL(pending.url)), [pending]);

  const set = useCallback(
    async (blob: Blob) => {
      onChange();
      setPending({ blob, url: URL.createObjectURL(blob), dataUrl: await readDataUrl(blob) });
      setRemoved(false);
    },
    [onChange],
  );
  const clear = useCallback(() => {
    onChange();
    setPending(null);
    setRemoved(true);
  }, [onChange]);
  const reset = useCallback(() => {
    setPending(null);
    setRemoved(false);
  }, []);
  return { pending, removed, set, clear, reset, url: pending?.url ?? (removed ? null : current) };
}
