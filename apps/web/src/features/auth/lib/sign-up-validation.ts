import { Email, MIN_PASSWORD_LENGTH, Username, type EndpointBody, type api } from '@reverie/shared';

/** The sign-up form's values: the register body, with the confirmation the form always asks for. */
export type SignUpValues = Required<EndpointBody<typeof api.auth.register>>;
export type SignUpField = keyof SignUpValues;
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;

/** product.md §5 sign-up rules, in field order; the first problem wins. */
export function validateSignUp(values: SignUpValues): { field: SignUpField; message: string } | null {
  if (!values.email.trim()) return { field: 'email', message: 'Email is required' };
  if (!Email.safeParse(values.email).success) return { field: 'email', message: 'Please enter a valid email address' };
  if (!values.username.trim()) return { field: 'username', message: 'Username is required' };
  const username = Username.safeParse(values.username);
  if (!username.success) return { field: 'username', message: username.error.issues[0]?.message ?? 'Invalid username' };
  if (!values.password) return { field: 'password', message: 'Password is required' };
  if (!values.confirmPassword) return { field: 'confirmPassword', message: 'Please confirm your password' };
  if (values.password !== values.confirmPassword) return { field: 'confirmPassword', message: PASSWORDS_DO_NOT_MATCH };
  if (values.password.length < MIN_PASSWORD_LENGTH) return { field: 'password', message: PASSWORD_TOO_SHORT };
  return null;
}
