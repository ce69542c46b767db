import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import i18n from '../../../lib/i18n.ts';
import { Drawer } from '../drawer.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces('ui');
});

afterEach(() => {
  document.body.style.overflow = '';
});

function Page({ side }: { side?: 'left' | 'right' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Nasıl bağlanır?
      </button>
      <Drawer open={open} onClose={() => setOpen(false)} title="Ticimax bağlantısı" side={side}>
        <a href="#yetki">Yetki kodu</a>
      </Drawer>
    </>
  );
}

describe('Drawer', () => {
  it('opens as a modal dialog named by its title', async () => {
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Nasıl bağlanır?' }));
    const panel = screen.getByRole('dialog', { name: 'Ticimax bağlantısı' });
    expect(panel).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('link', { name: 'Yetki kodu' })).toHaveFocus();
  });

  it('closes on Escape, unlocks the page and gives focus back', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Nasıl bağlanır?' });
    await userEvent.click(opener);
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
    expect(opener).toHaveFocus();
  });

  it('closes from its close button', async () => {
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Nasıl bağlanır?' }));
    await userEvent.click(screen.getByRole('button', { name: 'Paneli kapat' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on a press and release on the overlay, not on a drag out of the panel', async () => {
    const onClose = vi.fn();
    render(
      <Drawer open onClose={onClose} title="T">
        <p>İçerik</p>
      </Drawer>,
    );
    const overlay = screen.getByRole('dialog').parentElement as HTMLElement;
    fireEvent.pointerDown(screen.getByText('İçerik'));
    fireEvent.pointerUp(overlay);
    fireEvent.click(overlay);
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(overlay);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps Tab inside the panel', async () => {
    render(<Page side="left" />);
    await userEvent.click(screen.getByRole('button', { name: 'Nasıl bağlanır?' }));
    const link = screen.getByRole('link', { name: 'Yetki kodu' });
    const close = screen.getByRole('button', { name: 'Paneli kapat' });
    expect(link).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(link).toHaveFocus();
  });
});
