import { SessionInspector } from '@/features/content/components/session-inspector';

export default function AuthDebugPage() {
  return <SessionInspector />;
}
