import { ServerDiagnostics } from '@/features/content/components/server-diagnostics';

export default function TestPage() {
  return <ServerDiagnostics />;
}
