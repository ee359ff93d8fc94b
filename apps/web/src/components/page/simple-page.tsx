import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { LinkButton } from './link-button';
import { Page } from './page';
import { PlaceholderGrid } from './placeholder-grid';

interface SimplePageProps {
  title: ReactNode;
  description: ReactNode;
  icon: ReactNode;
  empty: {
    icon?: ReactNode;
    title: string;
    description: ReactNode;
    action?: { label: string; to: string };
    secondary?: { label: string; to: string };
  };
  /** Show ghost tiles under the empty state, for pages that will hold a grid. */
  grid?: boolean;
  children?: ReactNode;
}

/** A page whose list is empty: heading, lead sentence and an on-brand empty state. */
export function SimplePage({ title, description, icon, empty, grid = false, children }: SimplePageProps) {
  const action =
    empty.action || empty.secondary ? (
      <>
        {empty.action ? <LinkButton to={empty.action.to}>{empty.action.label}</LinkButton> : null}
        {empty.secondary ? (
          <LinkButton to={empty.secondary.to} variant="secondary">
            {empty.secondary.label}
          </LinkButton>
        ) : null}
      </>
    ) : undefined;
  return (
    <Page title={title} description={description} icon={icon}>
      {children}
      <EmptyState icon={empty.icon ?? icon} title={empty.title} description={empty.description} action={action} />
      {grid ? <PlaceholderGrid count={4} className="mt-6 opacity-60" /> : null}
    </Page>
  );
}
