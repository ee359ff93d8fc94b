import { ServerCog } from 'lucide-react';
import type { ImageGenerationStatus } from '@reverie/shared';
import { useSession } from '@/features/auth';

/**
 * When pictures cannot be made. Everyone reads it plainly; an admin also gets the server's own message and the
 * settings the operator changes (the names of server settings mean nothing to the people using the site).
 */
export function BackendNotice({ provider }: { provider: ImageGenerationStatus['provider'] }) {
  const { user } = useSession();
  if (provider.ready) return null;
  const admin = user?.role === 'admin';
  return (
    <section role="alert" className="mb-6 flex gap-3 rounded-2xl border border-warning/40 bg-warning/10 p-4 text-sm">
      <ServerCog className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
      <div className="min-w-0">
        <h2 className="font-semibold text-fg">
          {provider.configured ? 'The image service is not answering' : 'Image generation is not set up on this server'}
        </h2>
        {admin ? (
          <>
            <p className="mt-1 break-words text-fg-muted">{provider.message}</p>
            <p className="mt-2 text-fg-subtle">
              The server&apos;s operator chooses the backend with <code className="text-fg-muted">IMAGES_PROVIDER</code> (horde, sdapi,
              comfyui or openai) and <code className="text-fg-muted">IMAGES_URL</code>; docs/configuration.md explains each. Nothing is
              charged while it is unavailable.
            </p>
          </>
        ) : (
          <p className="mt-1 text-fg-muted">
            {provider.configured
              ? 'Pictures cannot be made right now. Try again in a little while; nothing is charged while it is unavailable.'
              : 'This site cannot make pictures yet. Nothing is charged while it is unavailable.'}
          </p>
        )}
      </div>
    </section>
  );
}
