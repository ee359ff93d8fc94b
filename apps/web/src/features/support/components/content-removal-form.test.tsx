import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SWORN_STATEMENT } from '@reverie/shared';
import { apiError, json, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { ContentRemovalForm } from './content-removal-form';

const URL_ = 'http://localhost/characters/33333333-3333-4333-8333-333333333333';
const render = (initial = { subjectUrl: URL_, contactEmail: '' }) =>
  renderWithProviders(
    <MemoryRouter>
      <ContentRemovalForm initial={initial} />
    </MemoryRouter>,
  );
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('content-removal form', () => {
  beforeEach(() => resetClientState());
  afterEach(() => vi.unstubAllGlobals());

  it('sends a likeness request and shows the reference number', async () => {
    const api = mockApi({
      'POST /api/content-removal/request': () =>
        json(
          {
            reference: 'CR-7K3Q9MZD',
            message: 'We received your request. Your reference is CR-7K3Q9MZD; we sent an acknowledgement to me@example.com.',
          },
          201,
        ),
    });
    render();
    expect((screen.getByLabelText('Address of the content') as HTMLInputElement).value).toBe(URL_);
    fireEvent.click(screen.getByLabelText(/Likeness of a real person/));
    type('Your e-mail address', 'me@example.com');
    type('What should be removed, and why', 'This character uses my real name and my photos.');
    expect(screen.queryByText(SWORN_STATEMENT)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await screen.findByText('CR-7K3Q9MZD');
    screen.getByText(/we sent an acknowledgement to me@example.com/);
    expect(api.callsTo('POST /api/content-removal/request')[0]?.body).toEqual({
      subjectUrl: URL_,
      reason: 'likeness',
      contactEmail: 'me@example.com',
      details: 'This character uses my real name and my photos.',
    });
  });

  it('asks for the signature and the sworn statement on copyright requests before sending anything', async () => {
    const api = mockApi({ 'POST /api/content-removal/request': () => json({ reference: 'CR-AAAAAAAA', message: 'ok' }, 201) });
    render();
    fireEvent.click(screen.getByLabelText(/DMCA \/ copyright/));
    type('Your e-mail address', 'rights@example.com');
    type('What should be removed, and why', 'My novel chapter three is copied word for word here.');
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(screen.getByRole('alert').textContent).toBe('Copyright requests need your full name: it is your electronic signature.');
    type('Your full name (your electronic signature)', 'Ada Author');
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(screen.getByRole('alert').textContent).toBe('Copyright requests need the sworn statement: tick the box to confirm it.');
    expect(api.callsTo('POST /api/content-removal/request')).toEqual([]);
    fireEvent.click(screen.getByLabelText(SWORN_STATEMENT));
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/content-removal/request')[0]?.body).toMatchObject({
        reason: 'copyright',
        name: 'Ada Author',
        swornStatement: true,
      }),
    );
  });

  it("checks the address, and shows the server's refusal", async () => {
    mockApi({
      'POST /api/content-removal/request': () =>
        apiError(
          422,
          'This text was blocked by our policy on sexual content involving minors (field: details).',
          {},
          { rule: 'minors-sexual', field: 'details' },
        ),
    });
    render({ subjectUrl: '', contactEmail: 'x@example.com' });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(screen.getByRole('alert').textContent).toBe('Paste the full address of the content, starting with https://');
    type('Address of the content', URL_);
    fireEvent.click(screen.getByLabelText(/Underage concern/));
    type('What should be removed, and why', 'The greeting describes a schoolgirl in a sexual way.');
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/blocked by our policy/));
  });
});
