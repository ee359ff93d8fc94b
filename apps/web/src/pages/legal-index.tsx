import { LegalIndex } from '@/features/content';

export default function LegalIndexPage() {
  return <LegalIndex />;
}
