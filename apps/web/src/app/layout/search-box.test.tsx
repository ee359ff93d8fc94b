import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SearchBox } from './search-box';

function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

function renderSearch() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <SearchBox />
              <Location />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return { input: screen.getByLabelText('Search characters'), location: () => screen.getByTestId('location').textContent };
}

describe('SearchBox', () => {
  it('Enter goes to /search with the trimmed query', async () => {
    const { input, location } = renderSearch();
    await userEvent.type(input, '  x  {Enter}');
    expect(location()).toBe('/search?q=x');
  });

  it('clicking the search icon submits too, encoding the query', async () => {
    const { input, location } = renderSearch();
    await userEvent.type(input, 'dark elf');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(location()).toBe('/search?q=dark%20elf');
  });

  it('an empty or blank query does nothing', async () => {
    const { input, location } = renderSearch();
    await userEvent.type(input, '{Enter}');
    expect(location()).toBe('/');
    await userEvent.type(input, '    {Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(location()).toBe('/');
  });
});
