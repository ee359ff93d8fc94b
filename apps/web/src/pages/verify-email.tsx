import { MailCheck } from 'lucide-react';
import { SimplePage } from '@/components/page/simple-page';

export default function VerifyEmailPage() {
  return (
    <SimplePage
      title="Verify your e-mail"
      description="Confirming your address keeps your account secure and lets you recover it."
      icon={<MailCheck />}
      empty={{
        title: 'Check your inbox',
        description: "Open the link we sent you to confirm your e-mail address. It can take a minute to arrive; check your spam folder too.",
        action: { label: 'Back to home', to: '/' },
      }}
    />
  );
}
