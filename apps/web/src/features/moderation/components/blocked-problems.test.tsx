import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setStoredUser, setTokens } from '@/lib/auth-tokens';
import { json, jwt, makeUser, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { BlockedProblems, problemsOf } from './blocked-problems';

const REFUSAL = '77777777-7777-4777-8777-777777777777';
const details = {
  rule: 'minors-sexual',
  field: 'message',
  refusalId: REFUSAL,
  problems: [
    { field: 'message', rule: 'stated-age-under-18', span: 'She is 14', start: 0, end: 9 },
    { field: 'message', rule: 'sexual-content', span: 'sex', start: 21, end: 24 },
  ],
};

describe('BlockedProblems: "Ask for review" cites the refusal (#47.13)', () => {
  beforeEach(() => {
    resetClientState();
    setTokens({ accessToken: jwt(), refreshToken: 'r' });
    setStoredUser(makeUser());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the refusal id the 422 gave with its problems', async () => {
    const api = mockApi({
      'POST /api/moderation/review-requests': () =>
        json({ id: '66666666-6666-4666-8666-666666666666', message: 'Thank you. A moderator will look at this.' }, 201),
    });
    renderWithProviders(<BlockedProblems problems={problemsOf(details)} surface="chat-user" />);
    fireEvent.click(screen.getByRole('button', { name: 'Ask for review' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Sent./));
    expect(api.callsTo('POST /api/moderation/review-requests')[0]?.body).toEqual({
      refusalId: REFUSAL,
      surface: 'chat-user',
      problems: [
        { field: 'message', rule: 'stated-age-under-18', span: 'She is 14' },
        { field: 'message', rule: 'sexual-content', span: 'sex' },
      ],
    });
  });

  it('offers no review when the refusal was not kept (nothing to cite)', () => {
    mockApi({});
    renderWithProviders(<BlockedProblems problems={problemsOf({ ...details, refusalId: undefined })} surface="chat-user" />);
    expect(screen.getByRole('list', { name: 'Why it was blocked' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ask for review' })).toBeNull();
  });
});
