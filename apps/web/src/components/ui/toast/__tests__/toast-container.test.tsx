import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { i18nReady } from '../../../../lib/i18n.ts';
import { ToastContainer } from '../toast-container.tsx';
import {
  addToast,
  clearToasts,
  removeToast,
  toast,
  toastAnimationMs,
  toastApiMessageTimeoutMs,
  toastDefaultTimeoutMs,
} from '../toast-store.ts';

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('tr');
});

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function shownMessages(container: HTMLElement = document.body): string[] {
  return within(container)
    .queryAllByTestId('toast')
    .map((element) => element.querySelector('p:nth-of-type(2)')?.textContent ?? '');
}

describe('toast constants', () => {
  it('match the specification', () => {
    expect(toastDefaultTimeoutMs).toBe(2000);
    expect(toastApiMessageTimeoutMs).toBe(5000);
    expect(toastAnimationMs).toBe(300);
  });
});

describe('ToastContainer', () => {
  it('dismisses a toast by itself after the default 2000 ms', () => {
    render(<ToastContainer />);
    act(() => {
      toast.success('Kaydedildi');
    });
    expect(screen.getByText('Kaydedildi')).toBeInTheDocument();

    advance(toastDefaultTimeoutMs - 1);
    expect(screen.getByTestId('toast')).toHaveAttribute('data-state', 'shown');

    advance(1);
    expect(screen.getByTestId('toast')).toHaveAttribute('data-state', 'exiting');
    advance(toastAnimationMs);
    expect(screen.queryByText('Kaydedildi')).not.toBeInTheDocument();
  });

  it('puts the newest toast on top', () => {
    render(<ToastContainer />);
    act(() => {
      toast.info('first');
      toast.info('second');
      toast.info('third');
    });
    expect(shownMessages()).toEqual(['third', 'second', 'first']);
  });

  it('pauses on hover and resumes for the remaining time when the pointer leaves', () => {
    render(<ToastContainer />);
    act(() => {
      toast.info('hover me', { showProgress: true });
    });
    advance(1500);
    const element = screen.getByTestId('toast');
    fireEvent.mouseEnter(element);
    expect(element).toHaveAttribute('data-paused', 'true');

    advance(10_000);
    expect(element).toHaveAttribute('data-state', 'shown');

    fireEvent.mouseLeave(element);
    expect(element).not.toHaveAttribute('data-paused');
    advance(499);
    expect(element).toHaveAttribute('data-state', 'shown');
    advance(1);
    expect(element).toHaveAttribute('data-state', 'exiting');
    advance(toastAnimationMs);
    expect(screen.queryByText('hover me')).not.toBeInTheDocument();
  });

  it('removes a toast by id', () => {
    render(<ToastContainer />);
    let keepId = '';
    let dropId = '';
    act(() => {
      keepId = toast.info('keep', { timeout: 'until-user-dismisses' });
      dropId = toast.info('drop', { timeout: 'until-user-dismisses' });
    });
    expect(keepId).not.toBe(dropId);
    act(() => removeToast(dropId));
    advance(toastAnimationMs);
    expect(shownMessages()).toEqual(['keep']);
  });

  it('clears only the container the clear event is addressed to', () => {
    render(
      <>
        <div data-testid="global-area">
          <ToastContainer />
        </div>
        <div data-testid="side-area">
          <ToastContainer name="side" inline />
        </div>
      </>,
    );
    act(() => {
      addToast({ type: 'Info', message: 'global toast', timeout: 'until-user-dismisses' });
      addToast({ type: 'Info', message: 'side toast', timeout: 'until-user-dismisses' }, 'side');
    });
    expect(shownMessages(screen.getByTestId('global-area'))).toEqual(['global toast']);
    expect(shownMessages(screen.getByTestId('side-area'))).toEqual(['side toast']);

    act(() => clearToasts('side'));
    advance(toastAnimationMs);
    expect(shownMessages(screen.getByTestId('side-area'))).toEqual([]);
    expect(shownMessages(screen.getByTestId('global-area'))).toEqual(['global toast']);
  });

  it('drops a fourth persistent toast', () => {
    render(<ToastContainer />);
    act(() => {
      for (const n of [1, 2, 3, 4]) toast.warning(`persistent ${n}`, { timeout: 'until-user-dismisses' });
      toast.info('timed');
    });
    expect(shownMessages()).toEqual(['timed', 'persistent 3', 'persistent 2', 'persistent 1']);

    advance(60_000);
    advance(toastAnimationMs);
    expect(shownMessages()).toEqual(['persistent 3', 'persistent 2', 'persistent 1']);
  });

  it('removes a toast with its dismiss button', () => {
    render(<ToastContainer />);
    act(() => {
      toast.error('Sunucu hatası', { timeout: 'until-user-dismisses' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Bildirimi kapat' }));
    advance(toastAnimationMs);
    expect(screen.queryByText('Sunucu hatası')).not.toBeInTheDocument();
  });

  it('offers no dismiss button when the toast is not dismissible', () => {
    render(<ToastContainer />);
    act(() => {
      toast.info('sticky', { dismissible: false });
    });
    expect(screen.queryByRole('button', { name: 'Bildirimi kapat' })).not.toBeInTheDocument();
  });

  it('runs the action button and then closes the toast', () => {
    const onClick = vi.fn();
    render(<ToastContainer />);
    act(() => {
      toast.info('Bağlantı güncellendi', { action: { text: 'Git', onClick }, timeout: 'until-user-dismisses' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Git' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    advance(toastAnimationMs);
    expect(screen.queryByText('Bağlantı güncellendi')).not.toBeInTheDocument();
  });

  it('announces errors and warnings as alerts and the rest as status, with default titles', () => {
    render(<ToastContainer />);
    act(() => {
      toast.error('e');
      toast.warning('w');
      toast.success('s');
      toast.info('i');
      toast.success('u', { titleKey: 'update_successful' });
    });
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((element) => element.textContent)).toEqual(['Uyarıw', 'Hatae']);
    const statuses = screen.getAllByRole('status');
    expect(statuses.map((element) => element.textContent)).toEqual(['Güncelleme başarılıu', 'Bilgii', 'Başarılıs']);
  });

  it('renders a second container of the same name only after the first one unmounts', () => {
    const { rerender } = render(
      <>
        <ToastContainer key="a" />
        <ToastContainer key="b" />
      </>,
    );
    act(() => {
      toast.info('once', { timeout: 'until-user-dismisses' });
    });
    expect(screen.getAllByText('once')).toHaveLength(1);
    expect(document.querySelectorAll('[data-toast-container="global"]')).toHaveLength(1);

    rerender(<ToastContainer key="b" />);
    expect(document.querySelectorAll('[data-toast-container="global"]')).toHaveLength(1);
    act(() => {
      toast.info('after handover', { timeout: 'until-user-dismisses' });
    });
    expect(screen.getAllByText('after handover')).toHaveLength(1);
  });

  it('shows the progress bar only when asked and only for timed toasts', () => {
    render(<ToastContainer />);
    act(() => {
      toast.error('with bar', { timeout: toastApiMessageTimeoutMs, showProgress: true });
      toast.error('persistent', { timeout: 'until-user-dismisses', showProgress: true });
      toast.error('plain');
    });
    expect(screen.getAllByTestId('toast-progress')).toHaveLength(1);
  });
});
