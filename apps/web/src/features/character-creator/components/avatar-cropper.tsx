import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Move, ZoomIn } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/** The frame on screen (2:3) and the picture sent to the server (its portrait size). */
const FRAME = { width: 240, height: 360 };
const OUTPUT = { width: 768, height: 1152 };
const MAX_ZOOM = 3;

interface Crop {
  zoom: number;
  /** Top-left corner of the picture inside the frame, in frame pixels (≤ 0). */
  x: number;
  y: number;
}

function clamp(crop: Crop, size: { width: number; height: number }): Crop {
  const scale = Math.max(FRAME.width / size.width, FRAME.height / size.height) * crop.zoom;
  const minX = FRAME.width - size.width * scale;
  const minY = FRAME.height - size.height * scale;
  return { zoom: crop.zoom, x: Math.min(0, Math.max(minX, crop.x)), y: Math.min(0, Math.max(minY, crop.y)) };
}

function cropToBlob(image: HTMLImageElement, crop: Crop): Promise<Blob> {
  const scale = Math.max(FRAME.width / image.naturalWidth, FRAME.height / image.naturalHeight) * crop.zoom;
  const canvas = document.createElement('canvas');
  canvas.width = OUTPUT.width;
  canvas.height = OUTPUT.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('This browser cannot crop images.'));
  ctx.drawImage(image, -crop.x / scale, -crop.y / scale, FRAME.width / scale, FRAME.height / scale, 0, 0, OUTPUT.width, OUTPUT.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The image could not be cropped.'))), 'image/jpeg', 0.92),
  );
}

interface AvatarCropperProps {
  file: File | null;
  onCancel: () => void;
  onCropped: (blob: Blob) => void;
  onUnreadable: () => void;
}

/** Frame a picture as a 2:3 portrait: drag (or arrow keys) to move it, the slider to zoom. */
export function AvatarCropper({ file, onCancel, onCropped, onUnreadable }: AvatarCropperProps) {
  const [src, setSrc] = useState<string | null>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [crop, setCrop] = useState<Crop>({ zoom: 1, x: 0, y: 0 });
  const [busy, setBusy] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  const drag = useRef<{ x: number; y: number; from: Crop } | null>(null);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setSrc(url);
    setSize(null);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const onLoad = () => {
    const img = image.current;
    if (!img) return;
    const natural = { width: img.naturalWidth, height: img.naturalHeight };
    const scale = Math.max(FRAME.width / natural.width, FRAME.height / natural.height);
    setSize(natural);
    setCrop({ zoom: 1, x: (FRAME.width - natural.width * scale) / 2, y: (FRAME.height - natural.height * scale) / 2 });
  };

  const move = (dx: number, dy: number, from = crop) => size && setCrop(clamp({ ...from, x: from.x + dx, y: from.y + dy }, size));

  const zoomTo = (zoom: number) => {
    if (!size) return;
    // Zoom around the frame's centre.
    const before = Math.max(FRAME.width / size.width, FRAME.height / size.height) * crop.zoom;
    const after = Math.max(FRAME.width / size.width, FRAME.height / size.height) * zoom;
    const cx = (FRAME.width / 2 - crop.x) / before;
    const cy = (FRAME.height / 2 - crop.y) / before;
    setCrop(clamp({ zoom, x: FRAME.width / 2 - cx * after, y: FRAME.height / 2 - cy * after }, size));
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.shiftKey ? 40 : 10;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const m = moves[e.key];
    if (!m) return;
    e.preventDefault();
    move(m[0], m[1]);
  };

  const scale = size ? Math.max(FRAME.width / size.width, FRAME.height / size.height) * crop.zoom : 1;

  const confirm = async () => {
    if (!image.current) return;
    setBusy(true);
    try {
      onCropped(await cropToBlob(image.current, crop));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={file !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>Frame the portrait</DialogTitle>
          <DialogDescription>Drag the picture or use the arrow keys; zoom with the slider. Portraits are 2:3.</DialogDescription>
        </DialogHeader>
        <div
          role="application"
          tabIndex={0}
          aria-label="Portrait crop area: arrow keys move the picture"
          onKeyDown={onKeyDown}
          onPointerDown={(e: PointerEvent) => {
            e.currentTarget.setPointerCapture(e.pointerId);
            drag.current = { x: e.clientX, y: e.clientY, from: crop };
          }}
          onPointerMove={(e: PointerEvent) =>
            drag.current && move(e.clientX - drag.current.x, e.clientY - drag.current.y, drag.current.from)
          }
          onPointerUp={() => (drag.current = null)}
          className="relative mx-auto cursor-grab touch-none overflow-hidden rounded-2xl bg-surface-raised ring-1 ring-border select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring active:cursor-grabbing"
          style={{ width: FRAME.width, height: FRAME.height }}
        >
          {src ? (
            <img
              ref={image}
              src={src}
              alt="The picture being framed"
              draggable={false}
              onLoad={onLoad}
              onError={onUnreadable}
              className="absolute max-w-none origin-top-left"
              style={
                size ? { left: crop.x, top: crop.y, width: size.width * scale, height: size.height * scale } : { visibility: 'hidden' }
              }
            />
          ) : null}
          <Move aria-hidden="true" className="pointer-events-none absolute right-2 bottom-2 size-4 text-white/70 drop-shadow" />
        </div>
        <label className="mt-4 flex items-center gap-3 text-sm text-fg-muted">
          <ZoomIn aria-hidden="true" className="size-4 shrink-0" />
          <span className="sr-only">Zoom</span>
          <input
            type="range"
            min={1}
            max={MAX_ZOOM}
            step={0.05}
            value={crop.zoom}
            onChange={(e) => zoomTo(Number(e.target.value))}
            aria-label="Zoom"
            className="w-full accent-primary"
          />
        </label>
        <DialogFooter>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void confirm()} disabled={busy || !size}>
            {busy ? 'Cropping...' : 'Use this portrait'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
