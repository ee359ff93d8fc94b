import { NotFound } from '@/components/page/not-found';

// No guide is published yet (see /guides), so every guide address is unknown.
export default function GuidePage() {
  return (
    <NotFound
      title="Guide not found"
      description="There is no guide at this address. The guides page lists every published guide."
      back={{ label: 'All guides', to: '/guides' }}
    />
  );
}
