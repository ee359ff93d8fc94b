import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Sparkles } from 'lucide-react';
import {
  IMAGE_ASPECTS,
  MAX_IMAGE_PROMPT,
  MAX_NEGATIVE_PROMPT,
  type GenerateImageBody,
  type GenerateImageResponse,
  type ImageGenerationStatus,
  type User,
} from '@reverie/shared';
import { FormError } from '@/components/form/form-parts';
import { Button } from '@/components/ui/button';
import { Chip } from '@/components/ui/chip';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Label } from '@/components/ui/label';
import { useSpendingLimits } from '@/features/billing';
import { useMembershipModal } from '@/features/billing';
import { SpendingCapLink, isSpendingCap } from '@/features/billing';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import { useGenerateImage } from '../api/generate-image';
import { quoteFor } from '../lib/cost';
import { CharacterSelect } from './character-select';
import { GenerateOptions, type GenerateOptionsValue } from './generate-options';

interface GenerateFormProps {
  user: User;
  characterId: string;
  onCharacterChange: (id: string) => void;
  status: ImageGenerationStatus | undefined;
  onQueued: (result: GenerateImageResponse) => void;
}

const textareaClass =
  'w-full resize-y rounded-xl bg-surface-raised px-3 py-2.5 text-sm text-fg ring-1 ring-border placeholder:text-fg-subtle focus:ring-2 focus:ring-primary focus:outline-none';

/** What went wrong when queuing; coins and cap add a link to the way out. */
interface QueueError {
  message: string;
  coins?: boolean;
  cap?: boolean;
}

/** Who (or nothing), what, how: the cost said before anything is spent, and every refusal in plain words. */
export function GenerateForm({ user, characterId, onCharacterChange, status, onQueued }: GenerateFormProps) {
  const id = useId();
  const [prompt, setPrompt] = useState('');
  const [negative, setNegative] = useState('');
  const [options, setOptions] = useState<GenerateOptionsValue>({ model: '', aspect: 'portrait', count: 1, share: false });
  const [error, setError] = useState<QueueError | null>(null);
  const [confirming, setConfirming] = useState(false);
  const limits = useSpendingLimits();
  const generate = useGenerateImage();
  const membership = useMembershipModal();
  const ready = status?.provider.ready ?? false;
  const quote = quoteFor(status?.cost ?? null, options.count);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!prompt.trim() || generate.isPending) return;
    // The user's own threshold (Settings → Spending limits): a costly batch asks first.
    const above = limits.data?.confirmAbove ?? null;
    if (above !== null && quote && quote.coins > above) setConfirming(true);
    else queue();
  };

  const queue = () => {
    setConfirming(false);
    setError(null);
    generate.mutate(generateRequest(prompt, negative, characterId, options), {
      onSuccess: onQueued,
      onError: (err) => {
        if (membership.openForError(err, 'picture premium characters')) return;
        setError(queueErrorOf(err));
      },
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-5 rounded-2xl border border-border bg-surface p-4 sm:p-5" aria-label="Generate images">
      <CharacterSelect user={user} value={characterId} onChange={onCharacterChange} />
      <PromptField id={`${id}-prompt`} value={prompt} onChange={setPrompt} suggestions={status?.suggestions} />
      {status?.provider.supportsNegativePrompt !== false ? (
        <NegativePromptField id={`${id}-negative`} value={negative} onChange={setNegative} />
      ) : null}
      <GenerateOptions value={options} onChange={setOptions} ready={ready} />
      {error ? <QueueErrorMessage error={error} /> : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-fg-muted" aria-live="polite" data-testid="image-cost">
          {quote ? quote.text : 'Sign in to see the cost.'}
          {quote && !quote.affordable ? <span className="block text-warning">Not enough coins for this.</span> : null}
        </p>
        <Button type="submit" disabled={!ready || !prompt.trim() || generate.isPending} className="sm:min-w-36">
          <Sparkles aria-hidden="true" />
          {generate.isPending ? 'Queuing...' : 'Generate'}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Generate these pictures?"
        description={`This costs ${quote?.coins ?? 0} coins. Continue?`}
        confirmLabel="Continue"
        cancelLabel="Cancel"
        onConfirm={queue}
      />
    </form>
  );
}

/** The request for the form's fields: empty optional fields are left out, the shape becomes its width and height. */
function generateRequest(prompt: string, negative: string, characterId: string, options: GenerateOptionsValue): GenerateImageBody {
  return {
    prompt: prompt.trim(),
    ...(negative.trim() ? { negativePrompt: negative.trim() } : {}),
    ...(characterId ? { characterId } : {}),
    ...(options.model ? { model: options.model } : {}),
    ...IMAGE_ASPECTS[options.aspect],
    count: options.count,
    visibility: options.share ? 'public' : 'private',
  };
}

/** The server's own words when it refused; a 402 that is not the spending cap means too few coins. */
function queueErrorOf(err: unknown): QueueError {
  const message = err instanceof ApiError ? (err.serverMessage ?? err.message) : getErrorMessage(err, 'The picture could not be queued.');
  const cap = isSpendingCap(err);
  return { message, coins: !cap && err instanceof ApiError && err.status === 402, cap };
}

/** What the picture should show, with the server's prompt ideas to start from. */
function PromptField({
  id,
  value,
  onChange,
  suggestions,
}: {
  id: string;
  value: string;
  onChange: (prompt: string) => void;
  suggestions: string[] | undefined;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Prompt</Label>
      <textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        rows={4}
        maxLength={MAX_IMAGE_PROMPT}
        placeholder="What should the picture show?"
        className={textareaClass}
      />
      {suggestions?.length ? (
        <div className="flex flex-wrap gap-1.5" aria-label="Prompt ideas">
          {suggestions.map((s) => (
            <Chip key={s} aria-pressed={undefined} onClick={() => onChange(s)} className="h-7 max-w-full truncate px-3 text-xs">
              {s}
            </Chip>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** What to keep out of the picture, where the provider takes a negative prompt. */
function NegativePromptField({ id, value, onChange }: { id: string; value: string; onChange: (negative: string) => void }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Negative prompt (optional)</Label>
      <textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        rows={2}
        maxLength={MAX_NEGATIVE_PROMPT}
        placeholder="What to keep out: blurry, text, extra fingers…"
        className={textareaClass}
      />
    </div>
  );
}

/** Why nothing was queued, with a link to coins or to the spending limits where that is the way out. */
function QueueErrorMessage({ error }: { error: QueueError }) {
  return (
    <FormError>
      {error.message}
      {error.coins ? (
        <>
          {' '}
          <Link to="/coins" className="font-semibold underline">
            Get coins
          </Link>
        </>
      ) : null}
      {error.cap ? (
        <>
          {' '}
          <SpendingCapLink className="font-semibold underline" />
        </>
      ) : null}
    </FormError>
  );
}
