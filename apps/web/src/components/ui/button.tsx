import type { ComponentProps } from 'react';
import { Slot } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/lib/utils';

export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-xl font-medium transition-[background-color,color,box-shadow,opacity,transform] duration-150 select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring active:scale-[0.98] disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-linear-to-r from-primary-strong to-accent-strong text-primary-fg shadow-glow hover:brightness-110',
        secondary: 'bg-surface-raised text-fg ring-1 ring-border hover:bg-surface-hover',
        outline: 'bg-transparent text-fg ring-1 ring-border-strong hover:bg-surface-raised',
        ghost: 'bg-transparent text-fg-muted hover:bg-surface-raised hover:text-fg',
        destructive: 'bg-danger-strong text-white hover:bg-danger-strong/90',
        link: 'bg-transparent p-0 text-primary underline-offset-4 hover:underline active:scale-100',
      },
      size: {
        // Phones (below 640 px) get 44 px tap targets; larger screens the compact sizes.
        sm: 'h-11 px-3 text-sm sm:h-8 [&_svg]:size-4',
        md: 'h-11 px-4 text-sm sm:h-10 [&_svg]:size-4',
        lg: 'h-12 px-6 text-base [&_svg]:size-5',
        icon: 'size-11 sm:size-10 [&_svg]:size-5',
        'icon-sm': 'size-11 sm:size-9 [&_svg]:size-[18px]',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child (e.g. a router Link) with button styling. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  return <Comp className={cn(buttonVariants({ variant, size }), className)} {...(asChild ? {} : { type: type ?? 'button' })} {...props} />;
}
