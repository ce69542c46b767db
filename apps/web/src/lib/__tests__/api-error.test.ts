import { HttpError } from '../http-transport.ts';
import { errorCode, errorFields, errorMessage, errorMessageAsync, errorNumber, notifyError, notifySuccess } from '../api-error.ts';

function failed(data: unknown, status = 400, message = 'Request failed with status code 400') {
  return new HttpError(message, { status, data });
}

const envelope = {
  errors: { code: 'email_taken', message: 'Bu e-posta zaten kayıtlı.', fields: { email: 'Kayıtlı.' }, resend_in_seconds: 42 },
};

describe('error message extraction', () => {
  it('prefers the envelope message', () => {
    expect(errorMessage(failed(envelope))).toBe('Bu e-posta zaten kayıtlı.');
    expect(errorCode(failed(envelope))).toBe('email_taken');
    expect(errorFields(failed(envelope))).toEqual({ email: 'Kayıtlı.' });
    expect(errorNumber(failed(envelope), 'resend_in_seconds')).toBe(42);
  });

  it("falls back to the error's own message, then to the raw value", () => {
    expect(errorMessage(failed('<html>bad gateway</html>', 502, 'Request failed with status code 502'))).toBe(
      'Request failed with status code 502',
    );
    expect(errorMessage(new Error('Network Error'))).toBe('Network Error');
    expect(errorMessage('plain failure')).toBe('plain failure');
    expect(errorMessage({ message: 'object message' })).toBe('object message');
  });

  it('decodes a Blob error body before reading the message', async () => {
    const blob = new Blob([JSON.stringify(envelope)], { type: 'application/json' });
    await expect(errorMessageAsync(failed(blob))).resolves.toBe('Bu e-posta zaten kayıtlı.');
  });

  it('decodes an ArrayBuffer error body before reading the message', async () => {
    const buffer = new TextEncoder().encode(JSON.stringify({ errors: { message: 'Dosya bulunamadı.' } })).buffer;
    await expect(errorMessageAsync(failed(buffer))).resolves.toBe('Dosya bulunamadı.');
  });

  it('falls back when a binary body is not an envelope', async () => {
    const blob = new Blob(['%PDF-1.4 garbage']);
    await expect(errorMessageAsync(failed(blob, 500, 'Request failed with status code 500'))).resolves.toBe(
      'Request failed with status code 500',
    );
  });
});

describe('notifications', () => {
  it('raises a five-second dismissible error toast with progress', async () => {
    const listener = vi.fn();
    window.addEventListener('toast:add', listener);
    await notifyError(failed(envelope));
    window.removeEventListener('toast:add', listener);
    const detail = (listener.mock.calls[0]![0] as CustomEvent).detail as { container: string; toast: Record<string, unknown> };
    expect(detail.container).toBe('global');
    expect(detail.toast).toMatchObject({
      type: 'Error',
      message: 'Bu e-posta zaten kayıtlı.',
      timeout: 5000,
      dismissible: true,
      showProgress: true,
    });
  });

  it('raises a success toast only when there is a message', () => {
    const listener = vi.fn();
    window.addEventListener('toast:add', listener);
    notifySuccess('');
    notifySuccess('Kaydedildi.');
    window.removeEventListener('toast:add', listener);
    expect(listener).toHaveBeenCalledTimes(1);
    expect((listener.mock.calls[0]![0] as CustomEvent).detail.toast).toMatchObject({
      type: 'Success',
      message: 'Kaydedildi.',
      timeout: 5000,
    });
  });
});
