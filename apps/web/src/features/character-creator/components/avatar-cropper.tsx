import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode, type RefObject } from 'react';
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

/** How much the picture is scaled to cover the frame at zoom 1. */
function coverScale(size: { width: number; height: number }): number {
  return Math.max(FRAME.width / size.width, FRAME.height / size.height);
}

/** The crop at zoom 1 with the picture centred in the frame. */
function centredCrop(natural: { width: number; height: number }): Crop {
  const scale = coverScale(natural);
  return { zoom: 1, x: (FRAME.width - natural.width * scale) / 2, y: (FRAME.height - natural.height * scale) / 2 };
}

/** The crop at a new zoom, zoomed around the frame's centre. */
function zoomAroundCentre(crop: Crop, zoom: number, size: { width: number; height: number }): Crop {
  const before = coverScale(size) * crop.zoom;
  const after = coverScale(size) * zoom;
  const cx = (FRAME.width / 2 - crop.x) / before;
  const cy = (FRAME.height / 2 - crop.y) / before;
  return clamp({ zoom, x: FRAME.width / 2 - cx * after, y: FRAME.height / 2 - cy * after }, size);
}

/** How far an arrow key moves the picture (further with Shift); null for any other key. */
function arrowKeyMove(key: string, shiftKey: boolean): [number, number] | null {
  const step = shiftKey ? 40 : 10;
  const moves: Record<string, [number, number]> = {
    ArrowLeft: [step, 0],
    ArrowRight: [-step, 0],
    ArrowUp: [0, step],
    ArrowDown: [0, -step],
  };
  return moves[key] ?? null;
}

/** The picture inside the frame, hidden until its natural size is known. */
function FramedImage({
  image,
  src,
  crop,
  size,
  onLoad,
  onError,
}: {
  image: RefObject<HTMLImageElement | null>;
  src: string;
  crop: Crop;
  size: { width: number; height: number } | null;
  onLoad: () => void;
  onError: () => void;
}) {
  const scale = size ? coverScale(size) * crop.zoom : 1;
  return (
    <img
      ref={image}
      src={src}
      alt="The picture being framed"
      draggable={false}
      onLoad={onLoad}
      onError={onError}
      className="absolute max-w-none origin-top-left"
      style={size ? { left: crop.x, top: crop.y, width: size.width * scale, height: size.height * scale } : { visibility: 'hidden' }}
    />
  );
}

/** The zoom slider under the frame. */
function ZoomSlider({ zoom, onZoom }: { zoom: number; onZoom: (zoom: number) => void }) {
  return (
    <label className="mt-4 flex items-center gap-3 text-sm text-fg-muted">
      <ZoomIn aria-hidden="true" className="size-4 shrink-0" />
      <span className="sr-only">Zoom</span>
      <input
        type="range"
        min={1}
        max={MAX_ZOOM}
        step={0.05}
        value={zoom}
        onChange={(e) => onZoom(Number(e.target.value))}
        aria-label="Zoom"
        className="w-full accent-primary"
      />
    </label>
  );
}

interface CropFrameProps {
  onKeyDown: (e: KeyboardEvent) => void;
  onPointerDown: (e: PointerEvent) => void;
  onPointerMove: (e: PointerEvent) => void;
  onPointerUp: () => void;
  children: ReactNode;
}

/** The 2:3 frame the picture is moved in: focusable, with pointer and arrow-key handlers and a move hint in its corner. */
function CropFrame({ onKeyDown, onPointerDown, onPointerMove, onPointerUp, children }: CropFrameProps) {
  return (
    <div
      role="application"
      tabIndex={0}
      aria-label="Portrait crop area: arrow keys move the picture"
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      className="relative mx-auto cursor-grab touch-none overflow-hidden rounded-2xl bg-surface-raised ring-1 ring-border select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring active:cursor-grabbing"
      style={{ width: FRAME.width, height: FRAME.height }}
    >
      {children}
      <Move aria-hidden="true" className="pointer-events-none absolute right-2 bottom-2 size-4 text-white/70 drop-shadow" />
    </div>
  );
}

/** Cancel, and Use this portrait once the picture has loaded. */
function CropperActions({
  busy,
  ready,
  onCancel,
  onConfirm,
}: {
  busy: boolean;
  ready: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <DialogFooter>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button onClick={onConfirm} disabled={busy || !ready}>
        {busy ? 'Cropping...' : 'Use this portrait'}
      </Button>
    </DialogFooter>
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
    setSize(natural);
    setCrop(centredCrop(natural));
  };

  const move = (dx: number, dy: number, from = crop) => size && setCrop(clamp({ ...from, x: from.x + dx, y: from.y + dy }, size));

  const zoomTo = (zoom: number) => {
    if (!size) return;
    setCrop(zoomAroundCentre(crop, zoom, size));
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const m = arrowKeyMove(e.key, e.shiftKey);
    if (!m) return;
    e.preventDefault();
    move(m[0], m[1]);
  };

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
        <CropFrame
          onKeyDown={onKeyDown}
          onPointerDown={(e: PointerEvent) => {
            e.currentTarget.setPointerCapture(e.pointerId);
            drag.current = { x: e.clientX, y: e.clientY, from: crop };
          }}
          onPointerMove={(e: PointerEvent) => {
            // No button held: a drag that ended unseen (the dialog closed mid-drag, a cancelled touch) is over.
            if (e.buttons === 0) drag.current = null;
            else if (drag.current) move(e.clientX - drag.current.x, e.clientY - drag.current.y, drag.current.from);
          }}
          onPointerUp={() => (drag.current = null)}
        >
          {src ? <FramedImage image={image} src={src} crop={crop} size={size} onLoad={onLoad} onError={onUnreadable} /> : null}
        </CropFrame>
        <ZoomSlider zoom={crop.zoom} onZoom={zoomTo} />
        <CropperActions busy={busy} ready={size !== null} onCancel={onCancel} onConfirm={() => void confirm()} />
      </DialogContent>
    </Dialog>
  );
}
