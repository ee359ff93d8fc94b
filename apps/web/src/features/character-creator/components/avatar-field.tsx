import { useRef, useState } from 'react';
import { ImageUp, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CharacterPortrait } from '@/features/characters';
import { AvatarCropper } from './avatar-cropper';

/** The server refuses larger uploads (UPLOAD_LIMIT_BYTES); a cropped portrait is far below it. */
const MAX_PICK_BYTES = 25 * 1024 * 1024;

interface AvatarFieldProps {
  name: string;
  url: string | null;
  pending: boolean;
  error?: string;
  onCropped: (blob: Blob) => void | Promise<void>;
  onRemove: () => void;
}

/** The portrait: pick an image, frame it in the cropper; it is uploaded when the character is saved. */
export function AvatarField({ name, url, pending, error, onCropped, onRemove }: AvatarFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);

  const pick = (picked: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!picked) return;
    if (!picked.type.startsWith('image/')) return setPickError('Choose an image file (JPEG, PNG, WebP or GIF).');
    if (picked.size > MAX_PICK_BYTES) return setPickError('That image is larger than 25 MB. Choose a smaller one.');
    setPickError(null);
    setFile(picked);
  };

  const shown = pickError ?? error;
  return (
    <div className="grid gap-2" data-field="avatar">
      <span className="text-sm font-medium text-fg">Portrait</span>
      <div className="flex items-end gap-4">
        <div className="relative aspect-[2/3] w-28 shrink-0 overflow-hidden rounded-2xl bg-surface-raised ring-1 ring-border sm:w-32">
          <CharacterPortrait key={url ?? 'none'} name={name || 'New character'} src={url} className="text-2xl" />
          {pending ? (
            <span className="absolute inset-x-1.5 bottom-1.5 rounded-full bg-accent-strong px-2 py-0.5 text-center text-[10px] font-bold text-white">
              Not saved yet
            </span>
          ) : null}
        </div>
        <div className="grid gap-2">
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
            className="sr-only"
            aria-label="Choose a portrait image"
            tabIndex={-1}
            onChange={(e) => pick(e.target.files?.[0])}
          />
          <Button variant="secondary" onClick={() => input.current?.click()}>
            <ImageUp aria-hidden="true" />
            {url ? 'Change portrait' : 'Upload portrait'}
          </Button>
          {url ? (
            <Button variant="ghost" onClick={onRemove}>
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          ) : null}
          <p className="max-w-52 text-xs text-fg-subtle">JPEG, PNG, WebP or GIF. You choose the 2:3 frame.</p>
        </div>
      </div>
      {shown ? (
        <p role="alert" className="text-sm text-danger">
          {shown}
        </p>
      ) : null}
      <AvatarCropper
        file={file}
        onCancel={() => setFile(null)}
        onUnreadable={() => {
          setFile(null);
          setPickError('That file is not an image this browser can read. Try a JPEG or PNG.');
        }}
        onCropped={(blob) => {
          setFile(null);
          void onCropped(blob);
        }}
      />
    </div>
  );
}
