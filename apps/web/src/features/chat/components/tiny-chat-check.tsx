// The /test page's "tiny chat": one short request to the configured model, with its speed or the reason it failed.
import { AlertTriangle, Gauge, Loader2, MessageSquareText } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { useTestModel } from '../api/test-model';
import { formatNumber } from '@/lib/format';

export function TinyChatCheck() {
  const check = useTestModel();
  const r = check.data;
  return (
    <div className="flex flex-col gap-3">
      <div>
        <Button size="sm" onClick={() => check.mutate()} disabled={check.isPending}>
          {check.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <MessageSquareText aria-hidden="true" />}
          {check.isPending ? 'Asking the model…' : 'Run a tiny chat'}
        </Button>
      </div>
      <div aria-live="polite">
        {check.isError ? (
          <p role="alert" className="flex items-start gap-2 rounded-xl bg-danger/10 px-3 py-2 text-sm text-fg ring-1 ring-danger/30">
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
            <span>{getErrorMessage(check.error, 'The model did not answer.')}</span>
          </p>
        ) : null}
        {r && !check.isPending && !check.isError ? (
          <div className="rounded-xl bg-surface-raised px-3 py-2.5 text-sm ring-1 ring-border">
            <p className="flex items-center gap-2 font-semibold text-fg">
              <Gauge className="size-4 text-primary" aria-hidden="true" />
              {formatNumber(r.tokensPerSecond, { maximumFractionDigits: 1 })} tokens/s
            </p>
            <dl className="mt-1.5 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-fg-muted">
              <dt>Model</dt>
              <dd className="truncate text-fg">
                {r.model} ({r.provider})
              </dd>
              <dt>Answer</dt>
              <dd className="text-fg">
                {r.tokens} tokens in {formatNumber(r.ms)} ms
                {r.firstTokenMs !== null ? `, first after ${formatNumber(r.firstTokenMs)} ms` : ''}
              </dd>
            </dl>
            {r.text ? <p className="mt-2 line-clamp-3 break-words text-fg-muted italic">“{r.text}”</p> : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
