import type { ReactNode } from 'react';
import { LogIn } from 'lucide-react';
import { EmptyState } from '@/components/page/empty-state';
import { Button } from '@/components/ui/button';
import { useAuthDialogs } from '@/features/auth/components/auth-dialog-context';

/** The panel a guest sees on a page that needs an account. */
export function SignInPrompt({ title, description, icon }: { title: string; description: ReactNode; icon?: ReactNode }) {
  const { openSignIn, openSignUp } = useAuthDialogs();
  return (
    <EmptyState
      icon={icon ?? <LogIn />}
      title={title}
      description={description}
      action={
        <>
          <Button onClick={openSignIn}>Sign In</Button>
          <Button variant="secondary" onClick={openSignUp}>
            Create an account
          </Button>
        </>
      }
    />
  );
}
