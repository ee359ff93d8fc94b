import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ImageGenerationStatus } from '@reverie/shared';
import { renderWithProviders, resetClientState } from '@/test/helpers';
import { signIn } from '@/test/characters';
import { BackendNotice } from './backend-notice';

const down: ImageGenerationStatus['provider'] = {
  kind: 'sdapi',
  configured: true,
  ready: false,
  message: 'The sdapi server at IMAGES_URL did not answer.',
  supportsNegativePrompt: true,
  supportsSeed: true,
} as ImageGenerationStatus['provider'];

const render = () =>
  renderWithProviders(
    <MemoryRouter>
      <BackendNotice provider={down} />
    </MemoryRouter>,
  );

describe('BackendNotice', () => {
  beforeEach(resetClientState);

  it('tells a user plainly that pictures cannot be made now, without naming server settings', () => {
    signIn({ role: 'user' });
    render();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Pictures cannot be made right now.');
    expect(alert.textContent).not.toMatch(/IMAGES_PROVIDER|IMAGES_URL|sdapi/);
  });

  it("shows an admin the server's message and the settings to change", () => {
    signIn({ role: 'admin' });
    render();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The sdapi server at IMAGES_URL did not answer.');
    expect(alert.textContent).toContain('IMAGES_PROVIDER');
  });
});
