import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoadFailed, LoadState } from '../load-state.tsx';

describe('LoadState', () => {
  it('holds what stands in for the content, announced only when asked', () => {
    const { rerender } = render(<LoadState>Yükleniyor</LoadState>);
    expect(screen.getByText('Yükleniyor')).not.toHaveAttribute('role');
    rerender(<LoadState alert>Olmadı</LoadState>);
    expect(screen.getByRole('alert')).toHaveTextContent('Olmadı');
  });
});

describe('LoadFailed', () => {
  it('announces the failure and tries again on the button', async () => {
    const onRetry = vi.fn();
    render(<LoadFailed text="Veriler yüklenemedi." retryLabel="Tekrar dene" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Veriler yüklenemedi.');
    await userEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('stays quiet when the caller says the failure is not news', () => {
    render(<LoadFailed text="Veriler yüklenemedi." retryLabel="Tekrar dene" onRetry={() => {}} alert={false} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
