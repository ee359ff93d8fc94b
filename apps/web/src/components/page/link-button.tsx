import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, type ButtonProps } from '@/components/ui/button';

type LinkButtonProps = Pick<ButtonProps, 'variant' | 'size' | 'className'> & { to: string; children: ReactNode };

/** A router link styled as a button. */
export function LinkButton({ to, children, ...rest }: LinkButtonProps) {
  return (
    <Button asChild {...rest}>
      <Link to={to}>{children}</Link>
    </Button>
  );
}
