/**
 * Goes to a checkout URL the server answered: an app path (the sandbox checkout) through the router, anything else
 * (Stripe Checkout, the Billing Portal) as a full page load.
 */
export function openCheckout(url: string, navigate: (to: string) => void): void {
  if (url.startsWith('/') && !url.startsWith('//')) navigate(url);
  else window.location.assign(url);
}
