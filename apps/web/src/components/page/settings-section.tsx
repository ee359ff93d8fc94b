import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

interface SettingsSectionProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  id?: string;
}

/** One card on the settings page: a titled section with its controls. */
export function SettingsSection({ title, description, icon, children, id }: SettingsSectionProps) {
  return (
    <Card
      id={id}
      aria-labelledby={id ? `${id}-title` : undefined}
      role={id ? 'region' : undefined}
      // A link to /settings#<id> brings the card under the fixed header, not behind it.
      className={id ? 'scroll-mt-[calc(var(--header-h)+1rem)]' : undefined}
    >
      <CardHeader className="flex-row items-start gap-3">
        {icon ? (
          <span
            aria-hidden="true"
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary ring-1 ring-primary/25 [&_svg]:size-4.5"
          >
            {icon}
          </span>
        ) : null}
        <div className="grid gap-1">
          {/* h2: the sections sit right under the page's h1. */}
          <h2 id={id ? `${id}-title` : undefined} className="text-base font-semibold text-fg">
            {title}
          </h2>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
