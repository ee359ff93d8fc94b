import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DropdownMenu } from 'radix-ui';
import { FileWarning, Flag } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { useAuthDialogs } from '@/features/auth';
import { useSession } from '@/features/auth';
import { cn } from '@/lib/utils';
import { ReportDialog, type ReportSubject } from './report-dialog';

const itemClass =
  'flex h-10 cursor-pointer items-center gap-2.5 rounded-lg px-2.5 text-sm text-fg-muted outline-none select-none data-[highlighted]:bg-surface-hover data-[highlighted]:text-fg [&_svg]:size-4';

/**
 * "Report" for anything users can see (characters today, images and messages next): report it to the moderators
 * (members), or request its removal (anyone; the form opens with the subject's address filled in).
 */
export function ReportMenu({ subject, className }: { subject: ReportSubject; className?: string }) {
  const [dialog, setDialog] = useState(false);
  const { user } = useSession();
  const { openSignIn } = useAuthDialogs();
  const navigate = useNavigate();
  const removalUrl = `/content-removal?url=${encodeURIComponent(new URL(subject.url ?? window.location.pathname, window.location.origin).toString())}`;
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={`Report ${subject.name}`}
          className={cn(buttonVariants({ variant: 'secondary', size: 'icon' }), 'size-11', className)}
        >
          <Flag aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            collisionPadding={8}
            className="z-[110] w-60 rounded-2xl border border-border-strong bg-surface-raised p-1.5 shadow-2xl shadow-black/60 animate-fade-in"
          >
            <DropdownMenu.Item className={itemClass} onSelect={() => (user ? setDialog(true) : openSignIn())}>
              <Flag aria-hidden="true" />
              Report to moderators
            </DropdownMenu.Item>
            <DropdownMenu.Item className={itemClass} onSelect={() => void navigate(removalUrl)}>
              <FileWarning aria-hidden="true" />
              Request removal
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {user ? <ReportDialog subject={subject} open={dialog} onOpenChange={setDialog} /> : null}
    </>
  );
}
