import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../../lib/i18n.ts';
import { Modal } from '../modal.tsx';
import { OverflowMenu, type OverflowMenuItem } from '../overflow-menu.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces('ui');
});

function items(overrides: Partial<Record<'edit' | 'disable' | 'remove', () => void>> = {}): OverflowMenuItem[] {
  return [
    { label: 'Düzenle', onSelect: overrides.edit ?? (() => {}) },
    { label: 'Devre dışı bırak', onSelect: overrides.disable ?? (() => {}), disabled: true },
    { label: 'Kaldır', onSelect: overrides.remove ?? (() => {}), danger: true },
  ];
}

function trigger() {
  return screen.getByRole('button', { name: 'Diğer işlemler' });
}

describe('OverflowMenu', () => {
  it('toggles the menu from its trigger and reports it with aria-expanded', async () => {
    render(<OverflowMenu items={items()} />);
    expect(trigger()).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await userEvent.click(trigger());
    const menu = screen.getByRole('menu');
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(trigger()).toHaveAttribute('aria-controls', menu.id);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Düzenle', 'Devre dışı bırak', 'Kaldır']);

    await userEvent.click(trigger());
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
  });

  it('renders the menu outside its table so the table cannot clip it', async () => {
    render(
      <main>
        <div data-testid="table-wrapper" style={{ overflow: 'auto' }}>
          <OverflowMenu items={items()} />
        </div>
      </main>,
    );
    await userEvent.click(trigger());
    const menu = screen.getByRole('menu');
    expect(screen.getByTestId('table-wrapper')).not.toContainElement(menu);
    // Still inside the page's main landmark.
    expect(screen.getByRole('main')).toContainElement(menu);
  });

  it('closes on a click outside', async () => {
    render(
      <>
        <p>Dışarısı</p>
        <OverflowMenu items={items()} />
      </>,
    );
    await userEvent.click(trigger());
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Dışarısı'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes when its scroll container scrolls', async () => {
    render(
      <div data-testid="table-wrapper" style={{ overflow: 'auto', height: 100 }}>
        <table>
          <tbody>
            <tr>
              <td>
                <OverflowMenu items={items()} />
              </td>
            </tr>
          </tbody>
        </table>
      </div>,
    );
    await userEvent.click(trigger());
    expect(screen.getByRole('menu')).toBeInTheDocument();
    fireEvent.scroll(screen.getByTestId('table-wrapper'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('stays open when an unrelated element scrolls', async () => {
    render(
      <>
        <div data-testid="elsewhere" style={{ overflow: 'auto' }} />
        <OverflowMenu items={items()} />
      </>,
    );
    await userEvent.click(trigger());
    fireEvent.scroll(screen.getByTestId('elsewhere'));
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });

  it('calls onSelect, closes and returns focus to the trigger', async () => {
    const edit = vi.fn();
    render(<OverflowMenu items={items({ edit })} />);
    await userEvent.click(trigger());
    await userEvent.click(screen.getByRole('menuitem', { name: 'Düzenle' }));
    expect(edit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();
  });

  it('does not select a disabled item', async () => {
    const disable = vi.fn();
    render(<OverflowMenu items={items({ disable })} />);
    await userEvent.click(trigger());
    const item = screen.getByRole('menuitem', { name: 'Devre dışı bırak' });
    expect(item).toBeDisabled();
    await userEvent.click(item);
    expect(disable).not.toHaveBeenCalled();
  });

  it('moves through enabled items with the arrow keys and selects with Enter', async () => {
    const remove = vi.fn();
    render(<OverflowMenu items={items({ remove })} />);
    trigger().focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Düzenle' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    // The disabled item is skipped.
    expect(screen.getByRole('menuitem', { name: 'Kaldır' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Düzenle' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Kaldır' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape without closing the modal that holds it', async () => {
    const onClose = vi.fn();
    render(
      <Modal open onClose={onClose} title="Bağlantılar" hideFooter>
        <OverflowMenu items={items()} />
      </Modal>,
    );
    await userEvent.click(trigger());
    expect(screen.getByRole('menuitem', { name: 'Düzenle' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes when the window is resized', async () => {
    render(<OverflowMenu items={items()} />);
    await userEvent.click(trigger());
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens upwards when there is no room below the trigger', async () => {
    render(<OverflowMenu items={items()} />);
    const button = trigger();
    const innerHeight = window.innerHeight;
    vi.spyOn(button, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 500, y: innerHeight - 40, width: 32, height: 32 }));
    const rectSpy = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 200, height: 150 }));
    await userEvent.click(button);
    const menu = screen.getByRole('menu');
    expect(menu).toHaveAttribute('data-placement', 'top');
    expect(menu.style.top).toBe(`${innerHeight - 40 - 4 - 150}px`);
    expect(menu.style.left).toBe(`${500 + 32 - 200}px`);
    rectSpy.mockRestore();
  });
});
