import type { ReactNode } from 'react';
import { Activity, CheckCircle2, CircleDashed, ImagePlus, MessageCircle, RefreshCw, Stethoscope, XCircle } from 'lucide-react';
import type { ChatStatus, HealthResponse } from '@reverie/shared';
import { LinkButton } from '@/components/page/link-button';
import { Page } from '@/components/page/page';
import { Button } from '@/components/ui/button';
import { useChatStatus, ModelStatus } from '@/features/conversation';
import { TinyChatCheck } from '@/features/chat';
import { isAgeVerified } from '@/lib/age-gate';
import { TinyImageTest } from '@/features/images';
import { useImageBlur, useShowNsfw } from '@/lib/nsfw';
import { cn } from '@/lib/utils';
import { ContentError } from './content-states';
import { useHealth } from '../api/get-health';
import { formatDate } from '@/lib/format';

type State = 'ok' | 'down' | 'disabled' | 'degraded' | 'starting';

const LABEL: Record<State, string> = {
  ok: 'Working',
  down: 'Not working',
  disabled: 'Not configured',
  degraded: 'Degraded',
  starting: 'Starting',
};

function StatusPill({ state, label }: { state: State; label?: string }) {
  const Icon = state === 'ok' ? CheckCircle2 : state === 'disabled' || state === 'starting' ? CircleDashed : XCircle;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
        state === 'ok' && 'bg-success/10 text-success ring-success/30',
        (state === 'down' || state === 'degraded') && 'bg-danger/10 text-danger ring-danger/30',
        state === 'disabled' && 'bg-surface-raised text-fg-subtle ring-border',
        state === 'starting' && 'bg-warning/10 text-warning ring-warning/30',
      )}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {label ?? LABEL[state]}
    </span>
  );
}

const PROVIDER_NAMES: Record<string, string> = {
  mailer: 'Mail',
  mail: 'Mail',
  google: 'Google sign-in',
  llm: 'Language model',
  images: 'Image generation',
  payments: 'Payments',
  storage: 'Media storage',
  embeddings: 'Embedding model',
  vectorIndex: 'Vector search',
  memoryIndex: 'Message index',
  speech: 'Speech',
  transcription: 'Transcription',
  ageAssurance: 'Age assurance',
};

function title(name: string): string {
  return PROVIDER_NAMES[name] ?? name.charAt(0).toUpperCase() + name.slice(1);
}

/** Human words for a uptime in seconds: "3 h 12 min". */
export function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min`;
  return `${seconds} s`;
}

/**
 * The rows /test shows. Deliberately only states, kinds and the version: the server's `detail` texts can carry
 * hostnames or connection strings, which a public page must not repeat.
 */
export function healthRows(h: HealthResponse, model?: ChatStatus): Array<{ name: string; kind: string; state: State; label?: string }> {
  return [
    { name: 'Database', kind: h.database.driver === 'postgres' ? 'PostgreSQL' : 'Embedded PostgreSQL (PGlite)', state: h.database.status },
    { name: 'Redis', kind: h.redis.status === 'disabled' ? 'In-process (no Redis)' : 'Redis', state: h.redis.status },
    ...Object.entries(h.providers).map(([name, p]) =>
      name === 'llm' && model ? modelRow(model) : { name: title(name), kind: p.kind, state: p.status },
    ),
  ];
}

/**
 * The language model's row from GET /api/chat/status, the answer the chat page and /test-chat show (the server's
 * health check reads the same state), so the pages cannot disagree.
 */
export function modelRow(m: ChatStatus): { name: string; kind: string; state: State; label?: string } {
  const kind = `${m.model} (${m.provider})`;
  if (m.ready) return { name: 'Language model', kind, state: 'ok' };
  if (m.state === 'error' || m.problem) return { name: 'Language model', kind, state: 'down' };
  if (m.state === 'downloading')
    return {
      name: 'Language model',
      kind,
      state: 'starting',
      label: m.progress === null ? 'Downloading' : `Downloading ${Math.floor(m.progress)} %`,
    };
  return { name: 'Language model', kind, state: 'starting', label: 'Loading' };
}

/**
 * The headline and its pill, from every row: the server's own status covers only what it cannot run without (the
 * database), so a model or image backend that is down must still show here.
 */
export function overallOf(h: HealthResponse, model?: ChatStatus): { text: string; state: State } {
  if (h.status !== 'ok') return { text: 'Some systems are down', state: h.status };
  const rows = healthRows(h, model);
  const down = rows.filter((r) => r.state === 'down' || r.state === 'degraded');
  if (down.length === 0 && rows.some((r) => r.state === 'starting'))
    return { text: 'Running; the language model is starting', state: 'starting' };
  if (down.length === 0) return { text: 'All systems working', state: 'ok' };
  return { text: `Running, but ${down.length === 1 ? 'one service is' : `${down.length} services are`} not working`, state: 'degraded' };
}

function Row({ name, kind, state, label }: { name: string; kind: ReactNode; state: State; label?: string }) {
  return (
    <li className="flex items-center justify-between gap-4 px-5 py-3.5">
      <span className="min-w-0">
        <span className="block font-medium text-fg">{name}</span>
        <span className="block truncate text-sm text-fg-muted">{kind}</span>
      </span>
      <StatusPill state={state} label={label} />
    </li>
  );
}

/** The headline state with the server version, uptime, web build and when it was checked. */
function OverallCard({ h, model, checkedAt }: { h: HealthResponse; model: ChatStatus | undefined; checkedAt: number }) {
  return (
    <section aria-labelledby="overall" className="rounded-2xl border border-border bg-surface p-5 lg:col-span-1">
      <h2 id="overall" className="flex items-center gap-2 text-sm font-semibold text-fg-muted">
        <Activity className="size-4 text-primary" aria-hidden="true" />
        Overall
      </h2>
      <p className="mt-3 text-2xl font-bold text-fg" aria-live="polite">
        {overallOf(h, model).text}
      </p>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-fg-muted">Server version</dt>
          <dd className="font-mono text-fg">{h.version}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-fg-muted">Up for</dt>
          <dd className="text-fg">{formatUptime(h.uptimeSeconds)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-fg-muted">Web app build</dt>
          <dd className="font-mono text-fg">{import.meta.env.MODE}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-fg-muted">Checked</dt>
          <dd className="text-fg">{formatDate(checkedAt, 'time')}</dd>
        </div>
      </dl>
      <div className="mt-5">
        <StatusPill state={overallOf(h, model).state} />
      </div>
    </section>
  );
}

/** One row per service with its state, then the language model's own status. */
function ServicesCard({ h, model }: { h: HealthResponse; model: ChatStatus | undefined }) {
  return (
    <section aria-labelledby="components" className="rounded-2xl border border-border bg-surface lg:col-span-2">
      <h2 id="components" className="border-b border-border px-5 py-3 text-sm font-semibold text-fg-muted">
        Services
      </h2>
      <ul className="divide-y divide-border">
        {healthRows(h, model).map((r) => (
          <Row key={r.name} {...r} />
        ))}
      </ul>
      <ModelStatus status={model} details={false} className="mx-4 mb-4 sm:mx-4" />
    </section>
  );
}

/** The tiny chat and image checks, with links to the full test chat and image generation. */
function TryItYourself() {
  return (
    <section aria-labelledby="try" className="rounded-2xl border border-border bg-surface p-5">
      <h2 id="try" className="font-semibold text-fg">
        Try it yourself
      </h2>
      <p className="mt-1 text-sm text-fg-muted">
        A tiny chat asks the language model for one short sentence and times it. A chat with the diagnostic character, or a small picture,
        checks the whole path end to end.
      </p>
      <div className="mt-4">
        <TinyChatCheck />
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <LinkButton to="/test-chat" variant="secondary" size="sm">
          <MessageCircle aria-hidden="true" />
          Test chat
        </LinkButton>
        <LinkButton to="/generate-images" variant="secondary" size="sm">
          <ImagePlus aria-hidden="true" />
          Generate images
        </LinkButton>
      </div>
      <div className="mt-4 border-t border-border pt-4">
        <TinyImageTest />
      </div>
    </section>
  );
}

/** What this browser has chosen: age confirmation, NSFW, image blur and its window size. */
function ThisBrowser({ showNsfw, imageBlur }: { showNsfw: boolean; imageBlur: boolean }) {
  return (
    <section aria-labelledby="browser" className="rounded-2xl border border-border bg-surface p-5">
      <h2 id="browser" className="font-semibold text-fg">
        This browser
      </h2>
      <dl className="mt-3 space-y-2 text-sm">
        {[
          ['Age confirmed', isAgeVerified() ? 'Yes' : 'No'],
          ['NSFW shown', showNsfw ? 'Yes' : 'No (blurred)'],
          ['Image blur', imageBlur ? 'On' : 'Off'],
          ['Window', `${window.innerWidth} × ${window.innerHeight}`],
        ].map(([k, v]) => (
          <div key={k} className="flex justify-between gap-4">
            <dt className="text-fg-muted">{k}</dt>
            <dd className="text-fg">{v}</dd>
          </div>
        ))}
      </dl>
      <LinkButton to="/auth-debug" variant="link" size="sm" className="mt-3">
        Inspect the session
      </LinkButton>
    </section>
  );
}

/** `/test`: is the server up, which providers work, which version runs. Safe to show to anyone. */
export function ServerDiagnostics() {
  const health = useHealth();
  const model = useChatStatus();
  const [showNsfw] = useShowNsfw();
  const [imageBlur] = useImageBlur();
  const h = health.data;

  return (
    <Page
      title="System status"
      description="The health of this Reverie server and the services it uses."
      icon={<Stethoscope />}
      actions={
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            void health.refetch();
            void model.refetch();
          }}
          disabled={health.isFetching}
        >
          <RefreshCw className={cn(health.isFetching && 'animate-spin')} aria-hidden="true" />
          {health.isFetching ? 'Checking...' : 'Check again'}
        </Button>
      }
    >
      {health.isPending ? (
        <div role="status" aria-live="polite" className="h-64 animate-pulse rounded-2xl border border-border bg-surface">
          <span className="sr-only">Checking the server...</span>
        </div>
      ) : null}
      {health.isError ? (
        <ContentError error={health.error} what="the server status" onRetry={() => void health.refetch()}>
          <p className="mt-1 text-sm text-fg-muted">If this persists, the server itself is probably not running.</p>
        </ContentError>
      ) : null}
      {h ? (
        <div className="grid gap-4 lg:grid-cols-3">
          <OverallCard h={h} model={model.data} checkedAt={health.dataUpdatedAt} />
          <ServicesCard h={h} model={model.data} />
        </div>
      ) : null}

      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <TryItYourself />
        <ThisBrowser showNsfw={showNsfw} imageBlur={imageBlur} />
      </div>
    </Page>
  );
}
