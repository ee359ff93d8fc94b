import type { ComponentProps } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/lib/utils';

const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap [&_svg]:size-3',
  {
    variants: {
      variant: {
        default: 'bg-surface-raised text-fg-muted ring-1 ring-border',
        primary: 'bg-primary/15 text-primary ring-1 ring-primary/30',
        accent: 'bg-accent/15 text-accent ring-1 ring-accent/30',
        nsfw: 'bg-danger-strong text-white',
        success: 'bg-success/15 text-success ring-1 ring-success/30',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type BadgeProps = ComponentProps<'span'> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
