import { ShieldCheck } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useAuthDialogs, useSession } from '@/features/auth';
import { getErrorMessage } from '@/lib/api-client';
import { useStartAgeCheck } from '../api/start-age-check';

/** "Verify my age": starts a check (a guest signs in first: the result is kept on the account). */
export function VerifyAgeButton({ size = 'md', variant = 'primary' }: Pick<ButtonProps, 'size' | 'variant'>) {
  const { user } = useSession();
  const { openSignIn } = useAuthDialogs();
  const navigate = useNavigate();
  const start = useStartAgeCheck((to) => void navigate(to));
  if (!user) {
    return (
      <Button size={size} variant={variant} onClick={openSignIn}>
        <ShieldCheck aria-hidden="true" />
        Sign in to verify my age
      </Button>
    );
  }
  return (
    <div className="grid justify-items-center gap-2">
      <Button size={size} variant={variant} onClick={() => start.mutate()} disabled={start.isPending} data-testid="verify-age">
        <ShieldCheck aria-hidden="true" />
        {start.isPending ? 'Opening the check…' : 'Verify my age'}
      </Button>
      {start.isError ? (
        <p role="alert" className="text-center text-sm text-danger">
          {getErrorMessage(start.error, 'The age check could not be started. Try again in a minute.')}
        </p>
      ) : null}
    </div>
  );
}
