import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { FileUp } from 'lucide-react';
import type { ImportCharacterResponse } from '@reverie/shared';
import { FormError } from '@/components/form/form-parts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { needsRating, useImportCharacterCard, type CardRating } from '@/features/characters';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';

/** Character Cards are PNG images, JSON files or CharX archives; the server reads and checks them (and refuses anything else). */
const ACCEPT = '.png,.json,.charx,image/png,application/json';

const RATINGS: Array<{ value: CardRating; label: string; hint: string }> = [
  { value: 'sfw', label: 'SFW', hint: 'Safe for work' },
  { value: 'suggestive', label: 'Suggestive', hint: 'Flirty, nothing explicit' },
  { value: 'nsfw', label: 'NSFW', hint: 'Explicit' },
];

/** Asked when a card does not say how explicit it is: the choice re-sends the same file with that rating. */
function RatingQuestion({
  file,
  onChoose,
  onCancel,
  pending,
}: {
  file: File;
  onChoose: (r: CardRating) => void;
  onCancel: () => void;
  pending: boolean;
}) {
  return (
    <div role="group" aria-labelledby="card-rating-question" className="grid gap-3">
      <p id="card-rating-question" className="text-sm text-fg">
        <span className="font-semibold break-all">{file.name}</span> does not say how explicit it is. Choose its rating to import it:
      </p>
      <div className="flex flex-wrap gap-2">
        {RATINGS.map((r) => (
          <Button key={r.value} size="sm" variant="secondary" disabled={pending} onClick={() => onChoose(r.value)} title={r.hint}>
            {r.label}
          </Button>
        ))}
        <Button size="sm" variant="ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/** The rating question as a dialog, for the compact button in a page's action row. */
function RatingQuestionDialog({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Choose a content rating</DialogTitle>
          <DialogDescription>Reverie shows explicit characters only to people who asked for them.</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

interface CardDropZoneProps {
  /** A file is being dragged over the zone. */
  over: boolean;
  onOver: (over: boolean) => void;
  onDrop: (e: DragEvent) => void;
  pending: boolean;
  onPick: () => void;
}

/** The dashed zone a card file can be dropped on, with a button that opens the file picker. */
function CardDropZone({ over, onOver, onDrop, pending, onPick }: CardDropZoneProps) {
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        onOver(true);
      }}
      onDragLeave={() => onOver(false)}
      onDrop={onDrop}
      data-testid="card-dropzone"
      className={cn(
        'flex flex-col items-center gap-3 rounded-2xl border border-dashed px-4 py-5 text-center transition-colors sm:flex-row sm:text-left',
        over ? 'border-primary bg-primary/10' : 'border-border-strong bg-surface/60',
      )}
    >
      <span
        aria-hidden="true"
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-strong/15 text-accent"
      >
        <FileUp className="size-5" />
      </span>
      <div className="min-w-0 grow">
        <p className="text-sm font-semibold text-fg">Start from a Character Card</p>
        <p className="text-xs text-fg-muted">
          Drop a PNG, JSON or CharX card here (V1, V2 or V3). It becomes a private character you can edit.
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={onPick} disabled={pending}>
        {pending ? 'Importing...' : 'Import a card'}
      </Button>
    </div>
  );
}

/** "Import a card": drop or pick a PNG or JSON Character Card; it becomes a private character of yours. */
export function ImportCard({ onImported, compact = false }: { onImported: (result: ImportCharacterResponse) => void; compact?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The file waiting for the importer's rating. */
  const [unrated, setUnrated] = useState<File | null>(null);
  const importCard = useImportCharacterCard();

  const send = (file: File | undefined, rating?: CardRating) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setError(null);
    setUnrated(null);
    importCard.mutate(rating ? { file, rating } : { file }, {
      onSuccess: onImported,
      onError: (err) => {
        if (needsRating(err)) setUnrated(file);
        else setError(getErrorMessage(err, 'The card could not be imported.'));
      },
    });
  };
  const question = unrated ? (
    <RatingQuestion file={unrated} pending={importCard.isPending} onChoose={(r) => send(unrated, r)} onCancel={() => setUnrated(null)} />
  ) : null;
  // In a page's action row (compact) the question opens as a dialog; beside the drop zone it is shown in place.
  const questionDialog = (
    <RatingQuestionDialog open={unrated !== null} onClose={() => setUnrated(null)}>
      {question}
    </RatingQuestionDialog>
  );

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    send(e.dataTransfer.files[0]);
  };

  const picker = (
    <input
      ref={input}
      type="file"
      accept={ACCEPT}
      className="sr-only"
      tabIndex={-1}
      aria-label="Choose a character card file (PNG, JSON or CharX)"
      onChange={(e) => send(e.target.files?.[0])}
    />
  );

  if (compact) {
    return (
      <>
        {picker}
        <Button variant="secondary" size="sm" onClick={() => input.current?.click()} disabled={importCard.isPending}>
          <FileUp aria-hidden="true" />
          {importCard.isPending ? 'Importing...' : 'Import a card'}
        </Button>
        {questionDialog}
        {error ? <FormError className="basis-full">{error}</FormError> : null}
      </>
    );
  }

  return (
    <div className="grid gap-2">
      {picker}
      <CardDropZone over={over} onOver={setOver} onDrop={onDrop} pending={importCard.isPending} onPick={() => input.current?.click()} />
      {question ? <div className="rounded-2xl bg-surface-raised p-4 ring-1 ring-border-strong">{question}</div> : null}
      {error ? <FormError>{error}</FormError> : null}
    </div>
  );
}

/** Card field names as a person reads them. */
const FIELD_NAMES: Record<string, string> = {
  firstMes: 'greeting',
  mesExample: 'example dialogue',
  alternateGreetings: 'alternate greetings',
  groupOnlyGreetings: 'group greetings',
  systemPrompt: 'system prompt',
  postHistoryInstructions: 'post-history instructions',
  creatorNotes: "creator's notes",
  creatorNotesMultilingual: "creator's notes in other languages",
  characterVersion: 'version',
  characterBook: 'lorebook',
  creationDate: 'creation date',
  modificationDate: 'modification date',
  unknownFields: 'other card fields',
};

/** What the import did: the card's version, fields mapped, keys dropped and notes. */
export function ImportReport({ report, onClose }: { report: ImportCharacterResponse['report']; onClose: () => void }) {
  return (
    <section aria-label="Import report" className="grid gap-2 rounded-2xl bg-accent-strong/10 p-4 text-sm ring-1 ring-accent/30">
      <div className="flex items-start justify-between gap-3">
        <p className="font-semibold text-fg">
          Imported a {report.format.toUpperCase()} card from{' '}
          {report.source === 'png' ? 'a PNG image' : report.source === 'charx' ? 'a CharX archive' : 'a JSON file'}. Review it, then save.
        </p>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Dismiss
        </Button>
      </div>
      <p className="text-fg-muted">
        <span className="font-medium text-fg">Mapped:</span> {report.mapped.map((f) => FIELD_NAMES[f] ?? f).join(', ') || 'nothing'}
      </p>
      {report.dropped.length ? (
        <p className="break-words text-fg-muted">
          <span className="font-medium text-fg">Not kept:</span> {report.dropped.join(', ')}
        </p>
      ) : null}
      {report.warnings.length ? (
        <ul className="list-disc space-y-1 pl-5 text-fg-muted">
          {report.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
