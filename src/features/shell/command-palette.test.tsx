/**
 * ⌘K from the keyboard: a screen by its name, a pasted id opened without asking the API when the id says where it
 * leads, and a run id looked up once the input has rested on a complete id — never while it is incomplete. Time is
 * the test's (fake timers): the palette's settle delay is stepped through, not slept.
 */
import { useState } from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifyManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInConsole } from '@/components/testing/render-in-console';
import { CommandPalette } from './command-palette';

function Palette() {
  const [open, setOpen] = useState(true);
  return <CommandPalette open={open} onOpenChange={setOpen} />;
}

const AGENT = 'svc:agent:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const RUN = 'svc:run:0123456789abcdef0123456789abcdef';

let fetched: string[];
beforeEach(() => {
  fetched = [];
  // Query results reach the screen at once rather than on a timer (the fake clock below would hold them).
  notifyManager.setScheduler(queueMicrotask);
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(url);
    return new Response(JSON.stringify({ runId: RUN, owner: { kind: 'agent', ownerId: AGENT } }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('CommandPalette', () => {
  it('goes to a screen typed by name with Enter, and closes', async () => {
    const user = userEvent.setup();
    const { location } = renderInConsole(<Palette />);
    const input = await screen.findByRole('combobox', { name: 'Jump to a screen or paste an id' });
    await user.type(input, 'valid');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Validationsg v']);
    await user.keyboard('{Enter}');
    expect(location().pathname).toBe('/validations');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetched).toEqual([]);
  });

  it('opens a pasted user id without asking the API', async () => {
    const user = userEvent.setup();
    const { location } = renderInConsole(<Palette />);
    const input = await screen.findByRole('combobox', { name: 'Jump to a screen or paste an id' });
    await user.click(input);
    await user.paste('  svc:user:0123456789abcdef0123456789abcdef ');
    expect(screen.getByRole('option', { name: /^Open user svc:user:0123456789abcdef0123456789abcdef/ })).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(decodeURIComponent(location().pathname)).toBe('/settings/users/svc:user:0123456789abcdef0123456789abcdef');
    expect(fetched).toEqual([]);
  });

  it('looks a run id up once the input has rested on it for 250 ms, never while it is incomplete', async () => {
    const { location } = renderInConsole(<Palette />);
    const input = await screen.findByRole('combobox', { name: 'Jump to a screen or paste an id' });
    // The clock is the test's from here; typing is dispatched as input events (Testing Library's async helpers
    // would wait on that clock).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const typed = RUN.slice(0, 'svc:run:'.length + 4);
    for (let i = 1; i <= typed.length; i++) fireEvent.change(input, { target: { value: typed.slice(0, i) } });
    expect(screen.getByRole('option').textContent).toBe(
      'Keep typing: a run id is svc:run: and 32 lowercase hex digits (4 so far).',
    );
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(fetched).toEqual([]);

    for (let i = typed.length + 1; i <= RUN.length; i++)
      fireEvent.change(input, { target: { value: RUN.slice(0, i) } });
    await act(() => vi.advanceTimersByTimeAsync(249));
    expect(fetched).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetched).toEqual([`/api/runs/${RUN}/owner`]);

    vi.useRealTimers();
    await screen.findByRole('option', { name: new RegExp(`^Open agent run ${RUN}`) });
    await userEvent.setup().keyboard('{Enter}');
    expect(decodeURIComponent(location().pathname)).toBe(`/runs/${AGENT}/${RUN}`);
    expect(fetched).toHaveLength(1);
  });
});
