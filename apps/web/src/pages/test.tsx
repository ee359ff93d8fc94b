import { ServerDiagnostics } from '@/features/content';

export default function TestPage() {
  return <ServerDiagnostics />;
}
