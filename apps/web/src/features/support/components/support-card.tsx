import { FileWarning, LifeBuoy } from 'lucide-react';
import { LinkButton } from '@/components/page/link-button';
import { SettingsSection } from '@/components/page/settings-section';

/** Where to get help: support tickets, and content-removal requests. */
export function SupportCard() {
  return (
    <SettingsSection
      title="Help & support"
      description="Questions about your account, coins or a character? We answer in your tickets."
      icon={<LifeBuoy />}
    >
      <div className="flex flex-wrap gap-2">
        <LinkButton to="/support" variant="secondary" size="sm">
          <LifeBuoy aria-hidden="true" />
          Support tickets
        </LinkButton>
        <LinkButton to="/content-removal" variant="secondary" size="sm">
          <FileWarning aria-hidden="true" />
          Request content removal
        </LinkButton>
      </div>
    </SettingsSection>
  );
}
