import { act, render, screen } from '@testing-library/react';
import { Link, MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from './scroll-to-top';

/** Where the page is scrolled to, as the browser would report it (with its scroll event). */
function scrollPageTo(top: number) {
  window.scrollTo({ top, left: 0, behavior: 'instant' });
  window.dispatchEvent(new Event('scroll'));
}

function renderApp() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <ScrollToTop />
      <Link to="/group/7">Open the group</Link>
    </MemoryRouter>,
  );
}

describe('a route change', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts at the top, and is brought back there at 50 and 200 ms if something else moved it', () => {
    renderApp();
    expect(history.scrollRestoration).toBe('manual');
    window.scrollTo({ top: 400, left: 0, behavior: 'instant' });
    act(() => screen.getByRole('link', { name: 'Open the group' }).click());
    expect(window.scrollY).toBe(0);

    // Content that moves the page without a scroll of the person's (no scroll event here).
    window.scrollTo({ top: 120, left: 0, behavior: 'instant' });
    act(() => {
      vi.advanceTimersByTime(50);
    });
    expect(window.scrollY).toBe(0);
    window.scrollTo({ top: 120, left: 0, behavior: 'instant' });
    act(() => {
      vi.advanceTimersByTime(150);
    });
    expect(window.scrollY).toBe(0);
  });

  it('leaves the page where the person scrolled it to, however soon after the change', () => {
    renderApp();
    act(() => screen.getByRole('link', { name: 'Open the group' }).click());
    expect(window.scrollY).toBe(0);

    act(() => {
      vi.advanceTimersByTime(10);
    });
    scrollPageTo(350);
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(window.scrollY).toBe(350);
  });
});
