import { Link } from 'react-router';
import { Home } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The not-found page body; also shown in place by pages whose id does not exist. */
export function NotFound({ what = 'page' }: { what?: string }) {
  useDocumentTitle('Page not found');
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-6 py-20 text-center">
      <p
        aria-hidden="true"
        className="bg-linear-to-br from-primary to-accent bg-clip-text text-8xl font-black tracking-tighter text-transparent sm:text-9xl"
      >
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold text-fg">{what === 'page' ? 'Page not found' : `This ${what} doesn't exist`}</h1>
      <p className="mt-2 text-sm text-fg-muted">
        {what === 'page'
          ? "The page you were looking for doesn't exist or has moved. Let's get you back to the characters."
          : `The ${what} you were looking for doesn't exist, is private or was removed. There are plenty of others to meet.`}
      </p>
      <Button asChild className="mt-8" size="lg">
        <Link to="/">
          <Home aria-hidden="true" />
          Back to home
        </Link>
      </Button>
    </div>
  );
}
