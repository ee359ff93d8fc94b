// The top bar of a conversation page (one-to-one or group): the way back to the chats on phones, then the page's own
// content; toasts show below it.
import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useToastsBelow } from '@/components/ui/toaster';

export function ConversationHeader({ children }: { children: ReactNode }) {
  const header = useRef<HTMLElement>(null);
  useToastsBelow(header);
  return (
    <header
      ref={header}
      className="flex items-center gap-2 border-b border-border px-2 py-2 pt-[max(0.5rem,env(safe-area-inset-top))] sm:gap-3 sm:px-4 lg:py-2.5"
    >
      <Button asChild size="icon" variant="ghost" className="lg:hidden">
        <Link to="/chat" aria-label="Back to chats">
          <ArrowLeft />
        </Link>
      </Button>
      {children}
    </header>
  );
}
