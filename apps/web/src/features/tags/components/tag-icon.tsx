import { cn } from '@/lib/utils';
import { categoryIcon } from '../lib/category-icons';

/** A tag's category as an icon from the app's icon set (tag emoji need an emoji font many systems lack). */
export function TagIcon({ category, className }: { category: string; className?: string }) {
  const Icon = categoryIcon(category);
  return <Icon aria-hidden="true" className={cn('size-3.5 shrink-0', className)} />;
}
