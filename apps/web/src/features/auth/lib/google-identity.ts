// Google Identity Services, loaded on demand: the authorization-code popup (product.md §5: profile and e-mail
// scopes, always the account chooser). Only the few GIS types used here are declared.
export const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client';
export const POPUP_BLOCKED_MESSAGE =
  'Please allow popups for this site and try again. You may need to click the Google sign-in button again.';
export const GOOGLE_UNAVAILABLE_MESSAGE = 'Google sign-in is not available on this server. Sign in with your e-mail and password instead.';

interface CodeResponse {
  code?: string;
  error?: string;
  error_description?: string;
}

interface CodeClientConfig {
  client_id: string;
  scope: string;
  ux_mode: 'popup';
  prompt: string;
  select_account: boolean;
  callback: (response: CodeResponse) => void;
  error_callback: (error: { type: string; message?: string }) => void;
}

interface GoogleAccounts {
  accounts: { oauth2: { initCodeClient: (config: CodeClientConfig) => { requestCode: () => void } } };
}

/** Thrown when the visitor closes the Google popup: not an error worth showing. */
export class GoogleCancelledError extends Error {
  constructor() {
    super('Google sign-in was cancelled');
    this.name = 'GoogleCancelledError';
  }
}

function getGoogle(): GoogleAccounts | undefined {
  return (window as unknown as { google?: GoogleAccounts }).google;
}

let scriptPromise: Promise<GoogleAccounts> | null = null;

export function loadGoogleIdentity(): Promise<GoogleAccounts> {
  const ready = getGoogle();
  if (ready?.accounts?.oauth2) return Promise.resolve(ready);
  scriptPromise ??= new Promise<GoogleAccounts>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_SCRIPT_URL;
    script.async = true;
    script.defer = true;
    script.onload = () => {
      const google = getGoogle();
      if (google?.accounts?.oauth2) resolve(google);
      else reject(new Error('Google sign-in could not be loaded. Please try again.'));
    };
    script.onerror = () => reject(new Error('Google sign-in could not be loaded. Please check your connection and try again.'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    scriptPromise = null;
    throw error;
  });
  return scriptPromise;
}

/** Opens the Google account chooser in a popup and resolves with the authorization code. */
export async function requestGoogleCode(clientId: string): Promise<string> {
  const google = await loadGoogleIdentity();
  return new Promise<string>((resolve, reject) => {
    const client = google.accounts.oauth2.initCodeClient({
      client_id: clientId,
      scope: 'openid email profile',
      ux_mode: 'popup',
      prompt: 'select_account',
      select_account: true,
      callback: (response) => {
        if (response.code) resolve(response.code);
        else reject(new Error(response.error_description || response.error || 'Google sign-in failed'));
      },
      error_callback: (error) => {
        if (error.type === 'popup_failed_to_open') reject(new Error(POPUP_BLOCKED_MESSAGE));
        else if (error.type === 'popup_closed') reject(new GoogleCancelledError());
        else reject(new Error(error.message || 'Google sign-in failed'));
      },
    });
    client.requestCode();
  });
}
