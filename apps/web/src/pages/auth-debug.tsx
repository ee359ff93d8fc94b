import { SessionInspector } from '@/features/content/session-inspector';

export default function AuthDebugPage() {
  return <SessionInspector />;
}
