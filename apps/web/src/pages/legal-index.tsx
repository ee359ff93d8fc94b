import { LegalIndex } from '@/features/content/components/legal-index';

export default function LegalIndexPage() {
  return <LegalIndex />;
}
