import { useState } from 'react';
import { Star } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useRateCharacter, useRating } from '../api/rate-character';
import { ratingDescription } from '../lib/rating';

const WORDS = ['', 'Poor', 'Fair', 'Good', 'Great', 'Superb'];

/**
 * "Your rating": five stars for a signed-in user who has chatted with the character (one rating, changeable).
 * Someone who may not rate sees why (the server's sentence) instead of stars they cannot use.
 */
export function RateCharacter({ characterId, name }: { characterId: string; name: string }) {
  const query = useRating(characterId, true);
  const rate = useRateCharacter(characterId);
  const [hover, setHover] = useState<number | null>(null);

  if (query.isPending) {
    return (
      <div className="mt-4 flex items-center gap-2 rounded-2xl bg-surface px-4 py-3 text-sm text-fg-muted ring-1 ring-border">
        <Spinner label="Loading your rating..." showLabel />
      </div>
    );
  }
  if (query.isError) return null; // the stats above still show the average; nothing here would be true
  const data = query.data;
  const mine = rate.isPending ? (rate.variables ?? data.myRating) : data.myRating;
  const shown = hover ?? mine ?? 0;

  const submit = (stars: number) =>
    rate.mutate(stars, {
      onSuccess: () => toast({ title: `You rated ${name} ${stars} star${stars === 1 ? '' : 's'}` }),
      onError: (error) =>
        toast({ title: 'Could not save your rating', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' }),
    });

  return (
    <section
      aria-labelledby="rate-heading"
      className="mt-4 rounded-2xl bg-surface px-4 py-3 ring-1 ring-border"
      data-testid="rate-character"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 id="rate-heading" className="text-sm font-semibold text-fg">
            {data.myRating ? 'Your rating' : `Rate ${name}`}
          </h2>
          <p className="text-xs text-fg-subtle">{ratingDescription(data)}</p>
        </div>
        {data.canRate ? (
          <div role="radiogroup" aria-label={`Your rating of ${name}`} className="flex items-center" onMouseLeave={() => setHover(null)}>
            {[1, 2, 3, 4, 5].map((n) => (
              <button
                key={n}
                type="button"
                role="radio"
                aria-checked={mine === n}
                aria-label={`${n} star${n === 1 ? '' : 's'}: ${WORDS[n]}`}
                disabled={rate.isPending}
                onMouseEnter={() => setHover(n)}
                onFocus={() => setHover(n)}
                onBlur={() => setHover(null)}
                onClick={() => submit(n)}
                className="inline-flex size-11 items-center justify-center rounded-full text-fg-subtle transition-colors hover:text-warning focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60"
              >
                <Star aria-hidden="true" className={cn('size-6', n <= shown && 'fill-warning text-warning')} />
              </button>
            ))}
          </div>
        ) : null}
      </div>
      {data.canRate ? (
        <p aria-live="polite" className="mt-1 min-h-4 text-xs text-fg-muted">
          {hover
            ? WORDS[hover]
            : mine
              ? `You gave ${mine} star${mine === 1 ? '' : 's'}. Tap another star to change it.`
              : 'Tap a star to rate.'}
        </p>
      ) : (
        <p className="mt-1 text-xs text-fg-muted">{data.reason}</p>
      )}
    </section>
  );
}
