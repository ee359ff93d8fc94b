import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** The centred card of a one-purpose page reached from a mailed link (verify, restore, keep): an icon, a title, what follows. */
export function StatusPanel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="mx-auto grid w-full max-w-md justify-items-center gap-3 p-6 text-center sm:p-8">
      {icon}
      <h2 className="text-xl font-bold text-fg">{title}</h2>
      {children}
    </Card>
  );
}
