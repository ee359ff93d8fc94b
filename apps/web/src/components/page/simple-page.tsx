import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { LinkButton } from './link-button';
import { Page } from './page';

interface SimplePageProps {
  title: ReactNode;
  documentTitle?: string;
  description: ReactNode;
  icon: ReactNode;
  empty: {
    icon?: ReactNode;
    title: string;
    description: ReactNode;
    action?: { label: string; to: string };
    secondary?: { label: string; to: string };
  };
  children?: ReactNode;
}

/** A page whose list is empty: heading, lead sentence and an on-brand empty state. */
export function SimplePage({ title, documentTitle, description, icon, empty, children }: SimplePageProps) {
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
    <Page title={title} documentTitle={documentTitle} description={description} icon={icon}>
      {children}
      <EmptyState icon={empty.icon ?? icon} title={empty.title} description={empty.description} action={action} />
    </Page>
  );
}
