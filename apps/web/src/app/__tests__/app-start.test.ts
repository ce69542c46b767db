import { resetRuntimeSettings } from '../../lib/runtime-settings.ts';
import { serve } from '../../test/http-test-kit.tsx';
import { startApp } from '../app.tsx';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the start of the app', () => {
  it('creates the router in its task and asks for the runtime settings in the next one, once', async () => {
    // The test setup presets settings for screens; this follows the real first load.
    resetRuntimeSettings();
    const calls = serve({
      'GET /settings': {
        status: 200,
        data: { environment: 'test', outbox_enabled: true, marketplace_sandbox: true, amplitude_api_key: null },
      },
    });
    startApp();
    expect(calls).toEqual([]);
    await nextTask();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /settings']);
    startApp();
    await nextTask();
    expect(calls).toHaveLength(1);
  });
});
