import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createAppRouter, inTasksOfTheirOwn, readsOnFirstLoad } from '../router.tsx';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('the route table as the app starts it', () => {
  it("starts each lazy loader a task after the router calls it, at every depth, and keeps each route's other fields", async () => {
    const outer = vi.fn(async () => ({ handle: 'outer' }));
    const inner = vi.fn(async () => ({ handle: 'inner' }));
    const table: RouteObject[] = [
      {
        id: 'outer',
        path: 'a',
        lazy: outer,
        children: [
          { id: 'inner', index: true, lazy: inner },
          { id: 'plain', path: 'b' },
        ],
      },
    ];
    const [route] = inTasksOfTheirOwn(table);
    expect(route).toMatchObject({ id: 'outer', path: 'a' });
    expect(route!.children!.map((child) => child.id)).toEqual(['inner', 'plain']);
    expect(route!.children![1]).toEqual({ id: 'plain', path: 'b' });

    const loading = (route!.lazy as () => Promise<unknown>)();
    const loadingInner = (route!.children![0]!.lazy as () => Promise<unknown>)();
    expect(outer).not.toHaveBeenCalled();
    expect(inner).not.toHaveBeenCalled();
    await nextTask();
    expect(outer).toHaveBeenCalledOnce();
    expect(inner).toHaveBeenCalledOnce();
    await expect(loading).resolves.toEqual({ handle: 'outer' });
    await expect(loadingInner).resolves.toEqual({ handle: 'inner' });
  });

  it('creates the router started: it listens to the address and matches it at once', () => {
    const listen = vi.spyOn(window, 'addEventListener');
    const router = createAppRouter();
    expect(listen.mock.calls.filter(([type]) => type === 'popstate')).toHaveLength(1);
    expect(router.state.matches.length).toBeGreaterThan(0);
    router.dispose();
    listen.mockRestore();
  });

  it("starts a screen's first reads a task after its loader runs, and only while the page's first screen loads", async () => {
    const startFirstReads = vi.fn();
    const loader = readsOnFirstLoad(async () => ({ startFirstReads }));
    expect(loader()).toBeNull();
    expect(startFirstReads).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(startFirstReads).toHaveBeenCalledOnce());

    const router = createAppRouter();
    await vi.waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 5000 });
    expect(loader()).toBeNull();
    await nextTask();
    await nextTask();
    expect(startFirstReads).toHaveBeenCalledOnce();
    router.dispose();
  });
});
