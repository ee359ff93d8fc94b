import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_TAGS, type Tag } from '@reverie/shared';
import { setStoredUser, setTokens } from '@/lib/auth-tokens';
import { apiError, json, jwt, makeUser, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { getSessionUser } from '@/features/auth';
import { OnboardingGate } from './onboarding-gate';
import { TagPreferencesDialog } from './tag-preferences-dialog';

const apiTags = (count: number, prefix = ''): Tag[] =>
  FALLBACK_TAGS.slice(0, count).map((t, i) => ({
    ...t,
    name: `${prefix}${t.name}`,
    displayName: `${prefix}${t.displayName}`,
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    categoryMaxSelections: 1,
    categoryRequired: false,
  }));

const user = makeUser({ preferences: { selectedTags: [], completedOnboarding: false, nsfwEnabled: false } });
const chip = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });
const saveButton = () => screen.getByTestId('tag-save') as HTMLButtonElement;

function signedIn() {
  setTokens({ accessToken: jwt(), refreshToken: 'r' });
  setStoredUser(user);
}

// Every test renders the full tag set (60 to 80 chips): slow on a loaded machine.
describe('tag preference dialog', { timeout: 20_000 }, () => {
  beforeEach(() => {
    resetClientState();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('first-time setup: 5 to 8 tags, no ninth, both confirmations, then saves and closes', async () => {
    const updated = { ...user, preferences: { selectedTags: [], completedOnboarding: true, nsfwEnabled: true } };
    const api = mockApi({
      'GET /api/tags': () => json({ items: apiTags(60), total: 60 }),
      [`PUT /api/users/${user.id}/preferences`]: () => json(updated),
      'GET /api/auth/me': () => json(updated),
    });
    signedIn();
    renderWithProviders(<OnboardingGate />);
    const dialog = screen.getByRole('dialog', { name: 'Welcome Aboard' });
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    await within(dialog).findByText('Character Type');
    expect(saveButton().textContent).toBe('Need 5 more tags');
    expect(saveButton().disabled).toBe(true);

    for (const name of ['Female', 'Fantasy', 'Shy', 'Glasses']) fireEvent.click(chip(name));
    expect(saveButton().textContent).toBe('Need 1 more tags');
    fireEvent.click(chip('NSFW'));
    expect(saveButton().textContent).toBe('Complete Setup');
    expect(saveButton().disabled).toBe(true);

    for (const name of ['Male', 'Horror', 'Human']) fireEvent.click(chip(name));
    within(dialog).getByText('8');
    const ninth = chip('Android') as HTMLButtonElement;
    expect(ninth.disabled).toBe(true);
    fireEvent.click(ninth);
    expect(ninth.getAttribute('aria-pressed')).toBe('false');
    expect((chip('Female') as HTMLButtonElement).disabled).toBe(false);

    const blockers = () => screen.getByText(/^To continue:/).textContent;
    expect(blockers()).toBe('To continue: confirm you are 18 or older · agree to the Terms of Service and Privacy Policy');
    expect(saveButton().getAttribute('aria-describedby')).toBe('tag-save-blockers');
    fireEvent.click(within(dialog).getByLabelText('I confirm that I am 18 years old or older'));
    expect(saveButton().disabled).toBe(true);
    expect(blockers()).toBe('To continue: agree to the Terms of Service and Privacy Policy');
    const terms = within(dialog).getByRole('checkbox', { name: /I agree to the Terms of Service and Privacy Policy/ });
    expect(within(dialog).getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/legal/terms-of-service');
    expect(within(dialog).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/legal/privacy-policy');
    fireEvent.click(terms);
    expect(saveButton().disabled).toBe(false);
    expect(screen.queryByText(/^To continue:/)).toBeNull();

    fireEvent.click(saveButton());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Welcome Aboard' })).toBeNull());
    expect(api.callsTo(`PUT /api/users/${user.id}/preferences`)[0]?.body).toEqual({
      selectedTags: ['female', 'fantasy', 'shy', 'glasses', 'nsfw', 'male', 'horror', 'human'],
      completedOnboarding: true,
      nsfwEnabled: true,
    });
    expect(getSessionUser()?.preferences.completedOnboarding).toBe(true);
    await waitFor(() => expect(api.callsTo('GET /api/auth/me')).toHaveLength(1));
  });

  it('uses the fallback set when the API has fewer than 50 tags', async () => {
    mockApi({ 'GET /api/tags': () => json({ items: apiTags(10, 'api-'), total: 10 }) });
    signedIn();
    renderWithProviders(<TagPreferencesDialog mode="update" open onOpenChange={() => undefined} />);
    await screen.findByText('Scenario');
    expect(screen.queryByText(/api-/)).toBeNull();
    expect(screen.getAllByRole('button', { pressed: false }).length).toBeGreaterThanOrEqual(FALLBACK_TAGS.length);
    expect(screen.queryByText('Unable to Load Tags')).toBeNull();
  });

  it('shows "alien" under Character Type and Origin as one tag, with icons instead of emoji', async () => {
    mockApi({ 'GET /api/tags': () => json({ items: apiTags(FALLBACK_TAGS.length), total: FALLBACK_TAGS.length }) });
    signedIn();
    renderWithProviders(<TagPreferencesDialog mode="update" open onOpenChange={() => undefined} />);
    const group = async (name: string) => (await screen.findByText(name, { selector: 'legend' })).closest('fieldset') as HTMLElement;
    const characterType = await group('Character Type');
    const origin = await group('Origin');
    const alienIn = (fieldset: HTMLElement) => within(fieldset).getByRole('button', { name: /^Alien/ });
    expect(alienIn(characterType).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(alienIn(origin));
    expect(alienIn(characterType).getAttribute('aria-pressed')).toBe('true');
    expect(alienIn(origin).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(/selected$/).textContent).toBe('1 / 8 selected');
    for (const legend of screen.getAllByText((_, el) => el?.tagName === 'LEGEND')) {
      expect(legend.textContent).toMatch(/^[A-Za-z ]+$/);
      expect(legend.querySelector('svg')).not.toBeNull();
    }
  });

  it('accepts a plain array answer', async () => {
    mockApi({ 'GET /api/tags': () => json(apiTags(55, 'api-')) });
    signedIn();
    renderWithProviders(<TagPreferencesDialog mode="update" open onOpenChange={() => undefined} />);
    await screen.findByRole('button', { name: /^api-Female/ });
  });

  it('on a load failure shows "Unable to Load Tags" and still offers the fallback tags', async () => {
    mockApi({ 'GET /api/tags': () => apiError(500, 'Database unavailable') });
    signedIn();
    renderWithProviders(<TagPreferencesDialog mode="update" open onOpenChange={() => undefined} />);
    const notice = await screen.findByRole('alertdialog', { name: 'Unable to Load Tags' });
    within(notice).getByText('Database unavailable');
    within(notice).getByText('Please try refreshing the page or contact support.');
    fireEvent.click(within(notice).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    chip('Female');
  });

  it('on an empty list shows "No Tags Available"', async () => {
    mockApi({ 'GET /api/tags': () => json({ items: [], total: 0 }) });
    signedIn();
    renderWithProviders(<TagPreferencesDialog mode="update" open onOpenChange={() => undefined} />);
    const notice = await screen.findByRole('alertdialog', { name: 'No Tags Available' });
    within(notice).getByText('The tag database appears to be empty.');
    within(notice).getByText('Please contact support to set up your preferences.');
  });

  it('update mode needs no confirmations and shows a save failure', async () => {
    mockApi({
      'GET /api/tags': () => json({ items: apiTags(60), total: 60 }),
      [`PUT /api/users/${user.id}/preferences`]: () => new Response('', { status: 500 }),
    });
    signedIn();
    renderWithProviders(<TagPreferencesDialog mode="update" open onOpenChange={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Update Your Preferences' });
    await within(dialog).findByText('Genre');
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    for (const name of ['Female', 'Fantasy', 'Shy', 'Glasses', 'SFW']) fireEvent.click(chip(name));
    expect(saveButton().textContent).toBe('Save Preferences');
    fireEvent.click(saveButton());
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to update preferences');
  });
});
