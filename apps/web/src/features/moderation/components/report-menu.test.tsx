import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setStoredUser, setTokens } from '@/lib/auth-tokens';
import { apiError, json, jwt, makeUser, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { ReportMenu } from './report-menu';

const subject = {
  type: 'character' as const,
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Aria',
  url: '/characters/33333333-3333-4333-8333-333333333333',
};

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}
const render = () =>
  renderWithProviders(
    <MemoryRouter initialEntries={[subject.url]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <ReportMenu subject={subject} />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
const openMenu = () => {
  // Radix opens its menu from the keyboard in jsdom (pointer events are not simulated there).
  fireEvent.keyDown(screen.getByRole('button', { name: 'Report Aria' }), { key: 'Enter' });
};

describe('Report menu', () => {
  beforeEach(() => {
    resetClientState();
    setTokens({ accessToken: jwt(), refreshToken: 'r' });
    setStoredUser(makeUser());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reports to the moderators with a reason and a note', async () => {
    const api = mockApi({
      'POST /api/reports': () =>
        json({ id: '66666666-6666-4666-8666-666666666666', message: 'Thank you. Moderators will review your report.' }, 201),
    });
    render();
    openMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Report to moderators' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Aria' });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a reason.');
    fireEvent.click(screen.getByLabelText('Involves a minor'));
    fireEvent.change(screen.getByLabelText(/Anything the moderators should know/), { target: { value: 'See the greeting.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await screen.findByText('Thank you. Moderators will review your report.');
    expect(dialog).toBeTruthy();
    expect(api.callsTo('POST /api/reports')[0]?.body).toEqual({
      subjectType: 'character',
      subjectId: subject.id,
      reason: 'underage',
      note: 'See the greeting.',
    });
  });

  it("shows the server's answer when the report is refused", async () => {
    mockApi({
      'POST /api/reports': () => apiError(409, 'You already reported this, and moderators have not decided yet. We will let you know.'),
    });
    render();
    openMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Report to moderators' }));
    await screen.findByRole('dialog', { name: 'Report Aria' });
    fireEvent.click(screen.getByLabelText('Spam or scam'));
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/already reported this/));
  });

  it('opens the removal form with the address filled in', async () => {
    render();
    openMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Request removal' }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        `/content-removal?url=${encodeURIComponent(`${window.location.origin}${subject.url}`)}`,
      ),
    );
  });
});
