import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_TAGS, type User } from '@reverie/shared';
import { json, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { makeProfile, signIn } from '@/test/characters';
import { draftKey } from '../lib/draft';
import { CharacterCreator } from './character-creator';

const tagsAnswer = () =>
  json({
    items: FALLBACK_TAGS.map((t, i) => ({
      ...t,
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      categoryMaxSelections: null,
      categoryRequired: false,
    })),
    total: FALLBACK_TAGS.length,
  });

function renderCreator(user: User, profile?: Parameters<typeof CharacterCreator>[0]['profile']) {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/create-character']}>
      <Routes>
        <Route path="/create-character" element={<CharacterCreator user={user} profile={profile} onImported={() => {}} />} />
        <Route path="/characters/:id" element={<p>Profile page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const next = () => fireEvent.click(screen.getByRole('button', { name: /^Next/ }));

describe('CharacterCreator', () => {
  beforeEach(resetClientState);
  afterEach(() => vi.unstubAllGlobals());

  it('walks the five steps with a live preview and publishes what was written', async () => {
    const user = signIn();
    const api = mockApi({
      'GET /api/tags': tagsAnswer,
      'POST /api/characters': (init) =>
        json(makeProfile({ id: 'new-id', name: JSON.parse(String(init.body)).name, visibility: 'public' }), 201),
    });
    renderCreator(user);
    // Leaving step 1 without a name shows the error on the field.
    next();
    expect(await screen.findByText('Give your character a name')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Seraphine Vale' } });
    fireEvent.change(screen.getByLabelText('Tagline'), { target: { value: 'Keeper of the storm light' } });
    expect(screen.getByRole('region', { name: 'Preview' }).textContent).toContain('Seraphine Vale');
    next();
    fireEvent.change(await screen.findByLabelText('Personality'), { target: { value: 'Calm.' } });
    next();
    fireEvent.change(await screen.findByLabelText('Greeting'), { target: { value: '*lights the lamp* Welcome, {{user}}.' } });
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('lights the lamp').tagName).toBe('EM');
    expect(preview.textContent).toContain(`Welcome, ${user.username}.`);
    next();
    // Tags: a rating is required before going on.
    await screen.findByRole('radiogroup', { name: 'Content rating' });
    next();
    expect(await screen.findByText('Choose a content rating: SFW, Suggestive or NSFW')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /^SFW/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Female' }));
    next();
    fireEvent.click(await screen.findByRole('radio', { name: /^Public/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByText('Profile page');
    expect(api.callsTo('POST /api/characters')[0]!.body).toMatchObject({
      name: 'Seraphine Vale',
      tagline: 'Keeper of the storm light',
      personality: 'Calm.',
      greeting: '*lights the lamp* Welcome, {{user}}.',
      tags: ['sfw', 'female'],
      nsfw: false,
      visibility: 'public',
    });
    // A saved character leaves no draft behind.
    expect(window.localStorage.getItem(draftKey(user.id, undefined))).toBeNull();
  });

  it('shows a blocked description on the field, on its step, and keeps the draft', async () => {
    const user = signIn();
    mockApi({
      'GET /api/tags': tagsAnswer,
      'POST /api/characters': () => {
        const message = 'The description was blocked by our policy on sexual content involving minors (rule: minors-sexual).';
        return json(
          { error: { code: 'CONTENT_BLOCKED', message, details: { rule: 'minors-sexual', field: 'description' } }, message },
          422,
        );
      },
    });
    renderCreator(user);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Test' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Something the policy refuses.' } });
    for (let i = 0; i < 3; i++) next();
    fireEvent.click(await screen.findByRole('radio', { name: /^NSFW/ }));
    next();
    fireEvent.click(await screen.findByRole('button', { name: 'Save character' }));
    const alert = await screen.findByText(
      /The description was blocked by our policy on sexual content involving minors \(rule: minors-sexual\)\./,
    );
    expect(screen.getByLabelText('Description').getAttribute('aria-invalid')).toBe('true');
    expect(alert).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Basics and avatar/ })).toBeTruthy();
    await waitFor(() => expect(window.localStorage.getItem(draftKey(user.id, undefined))).toContain('Something the policy refuses.'));
  });

  it('previews HTML and script as text', async () => {
    const user = signIn();
    mockApi({ 'GET /api/tags': tagsAnswer });
    const { container } = renderCreator(user);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: '<img src=x onerror="alert(1)">' } });
    for (let i = 0; i < 2; i++) next();
    fireEvent.change(await screen.findByLabelText('Greeting'), { target: { value: '<script>alert(2)</script> *waves*' } });
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(preview.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(preview.textContent).toContain('<script>alert(2)</script>');
    expect(container.querySelector('script')).toBeNull();
    expect(preview.querySelector('img[src="x"]')).toBeNull();
  });

  it('autosaves a draft that survives a reload (a new mount), and can discard it', async () => {
    const user = signIn();
    mockApi({ 'GET /api/tags': tagsAnswer });
    const first = renderCreator(user);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Half-written' } });
    await screen.findByText(/Draft saved/);
    first.unmount();
    renderCreator(user);
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Half-written');
    expect(screen.getByText(/Draft restored/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('');
    expect(window.localStorage.getItem(draftKey(user.id, undefined))).toBeNull();
  });

  it('writes a change not saved yet when the form goes away', () => {
    const user = signIn();
    mockApi({ 'GET /api/tags': tagsAnswer });
    const view = renderCreator(user);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Typed just now' } });
    view.unmount();
    expect(window.localStorage.getItem(draftKey(user.id, undefined))).toContain('Typed just now');
  });

  it('edits an existing character with its values and saves only through PUT', async () => {
    const user = signIn();
    const profile = makeProfile({
      name: 'Old Name',
      isOwner: true,
      tagNames: ['female', 'sfw'],
      definition: { systemPrompt: 'Be kind.', postHistoryInstructions: '', characterBook: null, extensions: {} },
    });
    const api = mockApi({
      'GET /api/tags': tagsAnswer,
      [`PUT /api/characters/${profile.id}`]: () => json({ ...profile, name: 'New Name' }),
    });
    renderCreator(user, profile);
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Old Name');
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'New Name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Profile page');
    expect(api.callsTo(`PUT /api/characters/${profile.id}`)[0]!.body).toMatchObject({
      name: 'New Name',
      systemPrompt: 'Be kind.',
      tags: ['female', 'sfw'],
    });
    expect(api.callsTo('POST /api/characters')).toHaveLength(0);
  });

  it('keeps a character moderators hid private: public and unlisted cannot be chosen, and says why', async () => {
    const user = signIn();
    const profile = makeProfile({ isOwner: true, visibility: 'private', moderationHidden: true, tagNames: ['female', 'sfw'] });
    mockApi({ 'GET /api/tags': tagsAnswer });
    renderCreator(user, profile);
    for (let i = 0; i < 4; i++) next();
    const group = await screen.findByRole('radiogroup', { name: 'Visibility' });
    expect(screen.getByRole('note').textContent).toMatch(/^Hidden by moderators\. You can keep editing it, but it stays private/);
    expect((within(group).getByRole('radio', { name: /Public/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(group).getByRole('radio', { name: /Unlisted/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(group).getByRole('radio', { name: /Private/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the server's moderation hold on the visibility choice when publishing is refused", async () => {
    const user = signIn();
    const profile = makeProfile({ isOwner: true, visibility: 'private', tagNames: ['female', 'sfw'] });
    const message = 'Moderators hid this character, so it stays private until they restore it. Open a support ticket to ask for a review.';
    mockApi({
      'GET /api/tags': tagsAnswer,
      [`PUT /api/characters/${profile.id}`]: () => json({ error: { code: 'MODERATION_HOLD', message }, message }, 409),
    });
    renderCreator(user, profile);
    for (let i = 0; i < 4; i++) next();
    fireEvent.click(await screen.findByRole('radio', { name: /Public/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(screen.getByRole('radiogroup', { name: 'Visibility' }).getAttribute('aria-describedby')).toBeTruthy());
    const id = screen.getByRole('radiogroup', { name: 'Visibility' }).getAttribute('aria-describedby')!;
    expect(document.getElementById(id)!.textContent).toBe(message);
  });
});
