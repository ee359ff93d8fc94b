import { Link } from 'react-router';
import { Home } from 'lucide-react';
import { Button } from '@/components/ui/button';

export default function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-6 py-20 text-center">
      <p
        aria-hidden="true"
        className="bg-linear-to-br from-primary to-accent bg-clip-text text-8xl font-black tracking-tighter text-transparent sm:text-9xl"
      >
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold text-fg">Page not found</h1>
      <p className="mt-2 text-sm text-fg-muted">
        The page you were looking for doesn&apos;t exist or has moved. Let&apos;s get you back to the characters.
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
