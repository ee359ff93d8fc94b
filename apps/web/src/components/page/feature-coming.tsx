import type { ReactNode } from 'react';
import { Hourglass } from 'lucide-react';
import { EmptyState } from './empty-state';
import { LinkButton } from './link-button';

interface FeatureComingProps {
  /** "Search is coming soon" */
  title: string;
  /** Says plainly what did not happen ("Nothing was charged") and what will come. */
  description: ReactNode;
  action?: { label: string; to: string };
}

/** For pages whose feature has not landed yet: states that it is coming instead of pretending it ran. */
export function FeatureComing({ title, description, action }: FeatureComingProps) {
  return (
    <EmptyState
      icon={<Hourglass />}
      title={title}
      description={description}
      action={action ? <LinkButton to={action.to}>{action.label}</LinkButton> : undefined}
    />
  );
}
