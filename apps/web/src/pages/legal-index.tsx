import { LegalIndex } from '@/features/content/legal-index';

export default function LegalIndexPage() {
  return <LegalIndex />;
}
