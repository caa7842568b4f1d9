// A toast about a page (an error or refusal from the API client) goes when the user moves to
// another page; a parting word shown as the page is left (e.g. "Registered" on the way to login)
// stays for its time.
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, type NavigateFunction, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { hideToast, showToast, ToastHost } from '../../web/src/components/ui/toast';

let navigate!: NavigateFunction;
function Navigator() {
  navigate = useNavigate();
  return null;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Navigator />
      <ToastHost />
    </MemoryRouter>,
  );
}

afterEach(() => act(() => hideToast()));

describe('toasts and navigation', () => {
  it("clears a page's error toast when the user moves to another page", async () => {
    renderAt('/pages/login/index');
    act(() => showToast('Wrong account or password', 2500, { ofPage: true }));
    expect(screen.getByRole('status').textContent).toBe('Wrong account or password');
    await act(() => navigate('/pages/login/register'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps a toast shown as the page is left', async () => {
    renderAt('/pages/login/register');
    act(() => showToast('Registered'));
    await act(() => navigate('/pages/login/index?account=x'));
    expect(screen.getByRole('status').textContent).toBe('Registered');
  });

  it("keeps a page's toast while the user stays on the page", () => {
    renderAt('/pages/login/index');
    act(() => showToast('Wrong account or password', 2500, { ofPage: true }));
    expect(screen.getByRole('status').textContent).toBe('Wrong account or password');
  });
});
