import { act, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error';

function Broken(): never {
  throw new Error('Failed to fetch dynamically imported module /assets/group-abc.js');
}

describe('a screen that throws', () => {
  it('shows Something went wrong with the reason inside the layout, and the next page starts afresh', async () => {
    // React reports the error it caught; the boundary is what this test is about.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/group/1']}>
        <nav>
          <Link to="/about">About</Link>
        </nav>
        <Routes>
          <Route
            element={
              <RouteErrorBoundary>
                <Outlet />
              </RouteErrorBoundary>
            }
          >
            <Route path="group/:id" element={<Broken />} />
            <Route path="about" element={<h1>About Pick&apos;em</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText(/Failed to fetch dynamically imported module/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(reported).toHaveBeenCalled();

    await act(async () => {
      screen.getByRole('link', { name: 'About' }).click();
      await Promise.resolve();
    });
    expect(screen.getByRole('heading', { name: "About Pick'em" })).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });
});
