import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '../button.tsx';

describe('Button', () => {
  it('calls onClick when idle and defaults to type="button"', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Kaydet</Button>);
    const button = screen.getByRole('button', { name: 'Kaydet' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('ignores clicks while busy and reports aria-busy', async () => {
    const onClick = vi.fn();
    render(
      <Button busy onClick={onClick}>
        Kaydet
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Kaydet' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    // Still focusable while busy, unlike a disabled button.
    expect(button).not.toBeDisabled();
  });

  it('does not submit its form while busy', async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Button type="submit" busy>
          Gönder
        </Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a spinner and the busy text, which then names the button', () => {
    render(
      <Button busy busyText="Kaydediliyor…">
        Kaydet
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Kaydediliyor…' });
    expect(button).toHaveTextContent('Kaydediliyor…');
    // The spinner is decorative inside a button: the busy state is reported by aria-busy.
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    const spinner = button.querySelector('[class*="spinner"]');
    expect(spinner).not.toBeNull();
    expect(spinner).toHaveAttribute('aria-hidden', 'true');
  });

  it('keeps the label in place while busy so the width does not change', () => {
    const { rerender } = render(<Button>Kaydet</Button>);
    const label = screen.getByText('Kaydet');
    rerender(<Button busy>Kaydet</Button>);
    // Same node, still laid out (hidden by opacity in CSS), with the busy layer drawn over it.
    expect(screen.getByText('Kaydet')).toBe(label);
    expect(screen.getByRole('button', { name: 'Kaydet' })).toContainElement(label);
  });

  it('returns to normal when busy ends', async () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <Button busy onClick={onClick}>
        Kaydet
      </Button>,
    );
    rerender(<Button onClick={onClick}>Kaydet</Button>);
    const button = screen.getByRole('button', { name: 'Kaydet' });
    expect(button).not.toHaveAttribute('aria-busy');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is natively disabled and ignores clicks when disabled', async () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Kaydet
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Kaydet' });
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('passes ref and native props through', () => {
    const ref = { current: null as HTMLButtonElement | null };
    render(<Button ref={ref} aria-label="Menüyü aç" icon={<svg aria-hidden="true" />} name="menu" />);
    const button = screen.getByRole('button', { name: 'Menüyü aç' });
    expect(ref.current).toBe(button);
    expect(button).toHaveAttribute('name', 'menu');
  });
});
