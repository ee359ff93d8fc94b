import { ServerDiagnostics } from '@/features/content/server-diagnostics';

export default function TestPage() {
  return <ServerDiagnostics />;
}
