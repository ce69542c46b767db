import { act, renderHook, waitFor } from '@testing-library/react';
import { serve } from '../../test/http-test-kit.tsx';
import { loadRuntimeSettings, resetRuntimeSettings, useRuntimeSettings, type RuntimeSettings } from '../runtime-settings.ts';

const settings: RuntimeSettings = {
  environment: 'development',
  amplitude_api_key: null,
  amplitude_server_url: null,
  google_client_id: 'client-id',
  contact_chat_url: 'https://chat.example.test',
  outbox_enabled: true,
  marketplace_sandbox: true,
};

beforeEach(() => {
  // The test setup presets settings for screens; these tests follow the real first load.
  resetRuntimeSettings();
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetRuntimeSettings();
});

describe('runtime settings', () => {
  it('fetches the settings once and shares the cached answer', async () => {
    // Through the one HTTP client (§7): the fake answers at its edge.
    const calls = serve({ 'GET /settings': { status: 200, data: settings } });
    const [first, second] = await Promise.all([loadRuntimeSettings(), loadRuntimeSettings()]);
    await loadRuntimeSettings();
    expect(first).toEqual(settings);
    expect(second).toBe(first);
    expect(calls).toEqual([{ method: 'GET', url: '/settings', body: undefined, params: {} }]);
  });

  it('asks with fetch, so the first page paints before the sending side is loaded (issue 14)', async () => {
    serve({ 'GET /settings': { status: 200, data: settings } });
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await loadRuntimeSettings();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(String(fetchSpy.mock.calls[0]![0])).toBe('/api/v1/settings');
  });

  it('useRuntimeSettings reports loading, then the settings', async () => {
    serve({ 'GET /settings': { status: 200, data: settings } });
    const { result } = renderHook(() => useRuntimeSettings());
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.settings?.contact_chat_url).toBe('https://chat.example.test');
  });

  it('reports an error state when the server fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serve({ 'GET /settings': { status: 500, data: 'nope' } });
    const { result } = renderHook(() => useRuntimeSettings());
    await act(async () => {
      await loadRuntimeSettings();
    });
    expect(result.current).toEqual({ status: 'error', settings: null });
  });
});
