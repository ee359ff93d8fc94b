import { Link } from 'react-router';
import { Home } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/document-title';

interface NotFoundProps {
  /** What was not found ("character", "creator"): sets the heading and text unless they are given. */
  what?: string;
  title?: string;
  description?: string;
  back?: { label: string; to: string };
}

/** The 404 panel: an unknown address, or an id that names nothing (a character, a creator, a guide). */
export function NotFound({
  what,
  title = what ? `This ${what} doesn't exist` : 'Page not found',
  description = what
    ? `The ${what} you were looking for doesn't exist, is private or was removed. There are plenty of others to meet.`
    : "The page you were looking for doesn't exist or has moved. Let's get you back to the characters.",
  back = { label: 'Back to home', to: '/' },
}: NotFoundProps) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-6 py-20 text-center">
      <p
        aria-hidden="true"
        className="bg-linear-to-br from-primary to-accent bg-clip-text text-8xl font-black tracking-tighter text-transparent sm:text-9xl"
      >
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold text-fg">{title}</h1>
      <p className="mt-2 text-sm text-fg-muted">{description}</p>
      <Button asChild className="mt-8" size="lg">
        <Link to={back.to}>
          <Home aria-hidden="true" />
          {back.label}
        </Link>
      </Button>
    </div>
  );
}
