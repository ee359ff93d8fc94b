import { Fragment, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ImagePlus, Images } from 'lucide-react';
import type { GenerateImageResponse, User } from '@reverie/shared';
import { ErrorState } from '@/components/page/error-state';
import { LinkButton } from '@/components/page/link-button';
import { Page } from '@/components/page/page';
import { Skeleton } from '@/components/ui/skeleton';
import { RequireSession } from '@/features/auth';
import { CrisisSupportNotice } from '@/features/conversation';
import { useGenerationStatus } from '@/features/images';
import { useImagesInfinite } from '@/features/images';
import { BackendNotice } from '@/features/images';
import { GenerateForm } from '@/features/images';
import { MasonryGrid } from '@/features/images';
import { useColumnCount } from '@/features/images';
import { JobPanel } from '@/features/images';

function Workspace({ user }: { user: User }) {
  const [params, setParams] = useSearchParams();
  const characterId = params.get('characterId') ?? '';
  const status = useGenerationStatus(characterId || undefined);
  // Each request's answer: its job, and the crisis protocol's card when the request's words called for one (this
  // page's only: the job and its pictures carry none, docs/compliance.md "Crisis protocol").
  const [jobs, setJobs] = useState<GenerateImageResponse[]>([]);
  const results = useRef<HTMLDivElement>(null);
  const queued = (r: GenerateImageResponse) => {
    setJobs((all) => [r, ...all]);
    // The progress is where the eye should go next (below the form on a phone, beside it on a desktop).
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    requestAnimationFrame(() => results.current?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' }));
  };
  const recent = useImagesInfinite({ userId: user.id, limit: 8 });
  const latest = recent.data?.pages[0]?.items ?? [];
  // Beside the form (from 1024 px) the column is narrower than the page: fewer, larger thumbnails.
  const columns = useColumnCount();
  const latestColumns = columns >= 5 ? 3 : columns === 4 ? 2 : columns;

  if (status.isError) {
    return (
      <ErrorState
        title="Image generation could not be loaded"
        description="Check your connection and try again."
        onRetry={() => void status.refetch()}
      />
    );
  }
  return (
    <>
      {status.data ? <BackendNotice provider={status.data.provider} /> : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
        <div>
          {status.isPending ? (
            <Skeleton className="h-[32rem] w-full rounded-2xl" />
          ) : (
            <GenerateForm
              user={user}
              characterId={characterId}
              onCharacterChange={(id) => setParams(id ? { characterId: id } : {}, { replace: true })}
              status={status.data}
              onQueued={queued}
            />
          )}
        </div>
        <div ref={results} className="grid min-w-0 scroll-mt-24 grid-cols-[minmax(0,1fr)] content-start gap-4">
          {jobs.map((j) => (
            <Fragment key={j.job.id}>
              {j.support ? <CrisisSupportNotice support={j.support} /> : null}
              <JobPanel initial={j} />
            </Fragment>
          ))}
          {jobs.length === 0 ? (
            <section className="rounded-2xl border border-dashed border-border-strong bg-surface/60 p-6 text-center text-sm text-fg-muted">
              <ImagePlus className="mx-auto mb-2 size-8 text-primary" aria-hidden="true" />
              Your pictures appear here while they are made: place in line, progress, then the results to download, share or use as an
              avatar.
            </section>
          ) : null}
          {latest.length ? (
            <section aria-labelledby="latest-heading" className="grid gap-3">
              <div className="flex items-center justify-between gap-2">
                <h2 id="latest-heading" className="font-semibold text-fg">
                  Your latest pictures
                </h2>
                <LinkButton to="/user-gallery" variant="link" size="sm">
                  <Images aria-hidden="true" /> Your gallery
                </LinkButton>
              </div>
              <MasonryGrid images={latest} label="Your latest pictures" maxColumns={latestColumns} onRemove={() => void recent.refetch()} />
            </section>
          ) : null}
        </div>
      </div>
    </>
  );
}

export default function GenerateImagesPage() {
  return (
    <Page title="Generate images" description="Describe a scene and bring your characters to life." icon={<ImagePlus />}>
      <RequireSession
        title="Sign in to generate images"
        description="Pictures are made with your monthly free allowance first, then coins, and kept in your gallery."
        icon={<ImagePlus />}
      >
        {(user) => <Workspace user={user} />}
      </RequireSession>
    </Page>
  );
}
