import type { ReactNode } from 'react';

export const AGE_CONFIRMATION = 'I confirm that I am 18 years old or older';

function Check({ checked, onChange, children }: { checked: boolean; onChange: (v: boolean) => void; children: ReactNode }) {
  return (
    <label className="flex cursor-pointer items-start gap-2.5 text-sm text-fg-muted">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 size-4 shrink-0 cursor-pointer rounded accent-primary-strong"
      />
      <span>{children}</span>
    </label>
  );
}

interface ConfirmationsProps {
  adult: boolean;
  terms: boolean;
  onAdultChange: (v: boolean) => void;
  onTermsChange: (v: boolean) => void;
}

/** The two ticks first-time setup requires (product.md §5). Legal links open in a new tab so the setup is kept. */
export function OnboardingConfirmations({ adult, terms, onAdultChange, onTermsChange }: ConfirmationsProps) {
  const link = 'font-medium text-primary underline-offset-2 hover:underline';
  return (
    <div className="grid gap-2 rounded-xl bg-surface-raised/60 p-3 ring-1 ring-border">
      <Check checked={adult} onChange={onAdultChange}>
        {AGE_CONFIRMATION}
      </Check>
      <Check checked={terms} onChange={onTermsChange}>
        I agree to the{' '}
        <a href="/legal/terms-of-service" target="_blank" rel="noopener" className={link}>
          Terms of Service
        </a>{' '}
        and{' '}
        <a href="/legal/privacy-policy" target="_blank" rel="noopener" className={link}>
          Privacy Policy
        </a>
      </Check>
    </div>
  );
}
