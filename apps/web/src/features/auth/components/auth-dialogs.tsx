import { useState, type ReactNode } from 'react';
import { PRODUCT_NAME } from '@reverie/shared';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

export type AuthDialogKind = 'signIn' | 'signUp';

function AuthDialogFrame({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <DialogContent className="overflow-y-auto p-6 sm:px-8 sm:py-6">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-32 rounded-t-2xl bg-linear-to-b from-primary-strong/15 to-transparent"
      />
      <DialogHeader className="relative mb-3 items-center text-center sm:text-center">
        <img src="/favicon.svg" alt="" width={44} height={44} className="mb-1 size-11 rounded-xl shadow-glow" />
        <DialogTitle className="text-xl font-bold">{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <div className="relative">{children}</div>
    </DialogContent>
  );
}

interface AuthDialogsProps {
  open: AuthDialogKind | null;
  onOpenChange: (next: AuthDialogKind | null) => void;
}

/** The sign-in and sign-up dialogs (product.md §2 Dialogs). Each form mounts fresh when its dialog opens. */
export function AuthDialogs({ open, onOpenChange }: AuthDialogsProps) {
  const [forgot, setForgot] = useState(false);
  const close = () => onOpenChange(null);
  const setSignIn = (isOpen: boolean) => {
    if (!isOpen) close();
    setForgot(false);
  };
  return (
    <>
      <Dialog open={open === 'signIn'} onOpenChange={setSignIn}>
        {forgot ? (
          <AuthDialogFrame title="Reset your password" description="We'll e-mail you a secure link.">
            <ForgotPasswordForm onBack={() => setForgot(false)} />
          </AuthDialogFrame>
        ) : (
          <AuthDialogFrame title={`Sign in to ${PRODUCT_NAME}`} description="Welcome back! Pick up your conversations where you left off.">
            <SignInForm onSuccess={close} onSwitchToSignUp={() => onOpenChange('signUp')} onForgotPassword={() => setForgot(true)} />
          </AuthDialogFrame>
        )}
      </Dialog>
      <Dialog open={open === 'signUp'} onOpenChange={(isOpen) => !isOpen && close()}>
        <AuthDialogFrame title="Create Your Account" description="Join free and start chatting with your favorite characters.">
          <SignUpForm onSuccess={close} onSwitchToSignIn={() => onOpenChange('signIn')} />
        </AuthDialogFrame>
      </Dialog>
    </>
  );
}
