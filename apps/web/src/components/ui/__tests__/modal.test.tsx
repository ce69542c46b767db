import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import i18n from '../../../lib/i18n.ts';
import { Modal, type ModalProps } from '../modal.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces('ui');
});

afterEach(() => {
  document.body.style.overflow = '';
});

/** A page with an opener button, so focus has somewhere to come back to. */
function Page(props: Partial<ModalProps> & { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Aç
      </button>
      <Modal
        title="Mağaza bağla"
        {...props}
        open={open}
        onClose={() => {
          props.onClose?.();
          setOpen(false);
        }}
      >
        <label>
          Mağaza adı <input />
        </label>
      </Modal>
    </>
  );
}

function overlayOf(dialog: HTMLElement): HTMLElement {
  const overlay = dialog.parentElement;
  if (!overlay) throw new Error('dialog has no overlay');
  return overlay;
}

describe('Modal', () => {
  it('renders nothing while closed', () => {
    render(<Modal open={false} onClose={() => {}} title="Gizli" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is a modal dialog on document.body named by its title', () => {
    const { container } = render(<Modal open onClose={() => {}} title="Mağaza bağla" />);
    const dialog = screen.getByRole('dialog', { name: 'Mağaza bağla' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(container).not.toContainElement(dialog);
    expect(document.body).toContainElement(dialog);
  });

  it('shows the default buttons Gönder and Kapat', async () => {
    const onSubmit = vi.fn();
    const onClose = vi.fn();
    render(<Modal open onClose={onClose} onSubmit={onSubmit} title="Başvuru" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Gönder' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Kapat' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('uses given labels, a custom footer, or none', () => {
    const { rerender } = render(<Modal open onClose={() => {}} onSubmit={() => {}} submitLabel="Onayla" closeLabel="Vazgeç" title="T" />);
    expect(screen.getByRole('button', { name: 'Onayla' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vazgeç' })).toBeInTheDocument();
    rerender(<Modal open onClose={() => {}} footer={<button type="button">Özel</button>} title="T" />);
    expect(screen.getByRole('button', { name: 'Özel' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Kapat' })).not.toBeInTheDocument();
    rerender(<Modal open onClose={() => {}} onSubmit={() => {}} hideFooter title="T" />);
    expect(screen.queryByRole('button', { name: 'Gönder' })).not.toBeInTheDocument();
  });

  it('marks the submit button busy and ignores clicks then', async () => {
    const onSubmit = vi.fn();
    render(<Modal open onClose={() => {}} onSubmit={onSubmit} submitBusy title="T" />);
    const submit = screen.getByRole('button', { name: 'Gönder' });
    expect(submit).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(submit);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('locks page scrolling while open and restores the previous value on close', async () => {
    document.body.style.overflow = 'scroll';
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Aç' }));
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('scroll');
  });

  it('keeps the page locked until the last of nested modals closes', () => {
    document.body.style.overflow = 'auto';
    const { rerender } = render(
      <>
        <Modal open onClose={() => {}} title="Dış" />
        <Modal open onClose={() => {}} title="İç" />
      </>,
    );
    expect(document.body.style.overflow).toBe('hidden');
    rerender(
      <>
        <Modal open onClose={() => {}} title="Dış" />
        <Modal open={false} onClose={() => {}} title="İç" />
      </>,
    );
    expect(document.body.style.overflow).toBe('hidden');
    rerender(
      <>
        <Modal open={false} onClose={() => {}} title="Dış" />
        <Modal open={false} onClose={() => {}} title="İç" />
      </>,
    );
    expect(document.body.style.overflow).toBe('auto');
  });

  it('closes on Escape, only the topmost of nested modals', async () => {
    const outerClose = vi.fn();
    const innerClose = vi.fn();
    render(
      <>
        <Modal open onClose={outerClose} title="Dış" />
        <Modal open onClose={innerClose} title="İç" />
      </>,
    );
    await userEvent.keyboard('{Escape}');
    expect(innerClose).toHaveBeenCalledTimes(1);
    expect(outerClose).not.toHaveBeenCalled();
  });

  it('closes when pressed and released on the overlay', async () => {
    const onClose = vi.fn();
    render(<Modal open onClose={onClose} title="T" />);
    await userEvent.click(overlayOf(screen.getByRole('dialog')));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not close when a press starts inside the dialog and is released on the overlay', () => {
    const onClose = vi.fn();
    render(
      <Modal open onClose={onClose} title="T">
        <p>Seçilebilir metin</p>
      </Modal>,
    );
    const overlay = overlayOf(screen.getByRole('dialog'));
    // What a browser sends for a drag out of the dialog: the click lands on the common ancestor.
    fireEvent.pointerDown(screen.getByText('Seçilebilir metin'));
    fireEvent.pointerUp(overlay);
    fireEvent.click(overlay);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('does not close when a press starts on the overlay and is released inside the dialog', () => {
    const onClose = vi.fn();
    render(<Modal open onClose={onClose} title="T" />);
    const dialog = screen.getByRole('dialog');
    fireEvent.pointerDown(overlayOf(dialog));
    fireEvent.pointerUp(dialog);
    fireEvent.click(overlayOf(dialog));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('does not close on clicks inside the dialog', async () => {
    const onClose = vi.fn();
    render(
      <Modal open onClose={onClose} title="T">
        <p>Metin</p>
      </Modal>,
    );
    await userEvent.click(screen.getByText('Metin'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes from its X button', async () => {
    const onClose = vi.fn();
    render(<Modal open onClose={onClose} title="T" />);
    await userEvent.click(screen.getByRole('button', { name: 'Pencereyi kapat' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('moves focus inside, traps Tab and Shift+Tab, and restores focus on close', async () => {
    render(<Page onSubmit={() => {}} />);
    const opener = screen.getByRole('button', { name: 'Aç' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog');
    const dismiss = screen.getByRole('button', { name: 'Pencereyi kapat' });
    const input = screen.getByRole('textbox', { name: 'Mağaza adı' });
    const close = screen.getByRole('button', { name: 'Kapat' });
    const submit = screen.getByRole('button', { name: 'Gönder' });

    // The first field of the body gets focus, then Tab cycles through the dialog only.
    expect(input).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab();
    expect(submit).toHaveFocus();
    await userEvent.tab();
    expect(dismiss).toHaveFocus();
    await userEvent.tab();
    expect(input).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(dismiss).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(submit).toHaveFocus();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await userEvent.click(close);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('focuses the element given as initialFocusRef', () => {
    function WithInitialFocus() {
      const target = useRef<HTMLInputElement>(null);
      return (
        <Modal open onClose={() => {}} title="T" initialFocusRef={target}>
          <input aria-label="İlk" />
          <input aria-label="Hedef" ref={target} />
        </Modal>
      );
    }
    render(<WithInitialFocus />);
    expect(screen.getByRole('textbox', { name: 'Hedef' })).toHaveFocus();
  });

  it('focuses the dialog itself when its body has nothing focusable', () => {
    render(
      <Modal open onClose={() => {}} onSubmit={() => {}} title="Emin misiniz?">
        <p>Bu işlem geri alınamaz.</p>
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'Emin misiniz?' })).toHaveFocus();
  });

  it('keeps focus where it is when the parent re-renders', async () => {
    function Rerendering() {
      const [count, setCount] = useState(0);
      return (
        <Modal open onClose={() => {}} title={`Sayaç ${count}`} hideFooter>
          <input aria-label="İlk" />
          <button type="button" onClick={() => setCount((value) => value + 1)}>
            Artır
          </button>
        </Modal>
      );
    }
    render(<Rerendering />);
    const increment = screen.getByRole('button', { name: 'Artır' });
    await userEvent.click(increment);
    expect(screen.getByRole('dialog', { name: 'Sayaç 1' })).toBeInTheDocument();
    expect(increment).toHaveFocus();
  });

  it('is 1024px wide when expanded', () => {
    render(<Modal open expanded onClose={() => {}} title="T" />);
    expect(screen.getByRole('dialog').className).toMatch(/expanded/);
  });
});
