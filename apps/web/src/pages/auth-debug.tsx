import { SessionInspector } from '@/features/content';

export default function AuthDebugPage() {
  return <SessionInspector />;
}
