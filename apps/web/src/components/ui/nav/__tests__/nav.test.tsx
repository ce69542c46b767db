import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import i18n, { i18nReady } from '../../../../lib/i18n.ts';
import { Header } from '../header.tsx';
import { headerTitleEvent, resetHeaderTitle, setHeaderTitle } from '../header-title.ts';
import type { NavItem } from '../nav-list.tsx';
import { ProfileMenu } from '../profile-menu.tsx';
import { ScrollToTop } from '../scroll-to-top.tsx';
import { Sidebar, sidebarCollapsedStorageKey } from '../sidebar.tsx';

beforeAll(async () => {
  await i18nReady;
  await i18n.loadNamespaces(['common', 'ui']);
  await i18n.changeLanguage('tr');
});

const items: NavItem[] = [
  {
    id: 'applications',
    label: 'Başvurular',
    to: '/worq-trade',
    children: [
      { id: 'list', label: 'Başvurularım', to: '/worq-trade', end: true },
      { id: 'new', label: 'Yeni başvuru', to: '/worq-trade/start' },
    ],
  },
  { id: 'connections', label: 'Bağlantılar', to: '/connections' },
];

function renderAt(path: string, ui: React.ReactNode) {
  window.history.replaceState(null, '', path);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={ui} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('header title', () => {
  afterEach(() => resetHeaderTitle());

  const profile = { name: 'Ayşe Yılmaz', accountHref: '/profile/c1/info', onSignOut: () => {} };

  it('shows the fallback title until an event sets one', () => {
    renderAt('/worq-trade', <Header fallbackTitle="Başvurular" profile={profile} />);
    expect(screen.getByTestId('header-title')).toHaveTextContent('Başvurular');
  });

  it('updates on setHeaderTitle with "Parent / Title"', () => {
    renderAt('/worq-trade', <Header fallbackTitle="Başvurular" profile={profile} />);
    act(() => setHeaderTitle('Başvurular', 'Başvuru özeti'));
    const title = screen.getByTestId('header-title');
    expect(title).toHaveTextContent('Başvurular/Başvuru özeti');
    expect(within(title).getByText('Başvuru özeti')).toBeInTheDocument();
  });

  it('updates on a raw window headerTitle CustomEvent without a parent', () => {
    renderAt('/connections', <Header profile={profile} />);
    act(() => {
      window.dispatchEvent(new CustomEvent(headerTitleEvent, { detail: { title: 'Mağazalarım' } }));
    });
    expect(screen.getByTestId('header-title')).toHaveTextContent(/^Mağazalarım$/);
  });

  it('keeps a title set before the header mounted (child effects run first)', () => {
    window.history.replaceState(null, '', '/worq-trade');
    setHeaderTitle(undefined, 'Erken başlık');
    renderAt('/worq-trade', <Header fallbackTitle="Başvurular" profile={profile} />);
    expect(screen.getByTestId('header-title')).toHaveTextContent('Erken başlık');
  });

  it('ignores a title that was set on another page', () => {
    window.history.replaceState(null, '', '/connections');
    setHeaderTitle(undefined, 'Bağlantı başlığı');
    renderAt('/worq-trade', <Header fallbackTitle="Başvurular" profile={profile} />);
    expect(screen.getByTestId('header-title')).toHaveTextContent(/^Başvurular$/);
  });
});

describe('sidebar', () => {
  const renderSidebar = (path = '/connections') =>
    renderAt(path, <Sidebar items={items} homeHref="/worq-trade" onOpenPrivacy={() => {}} contactUrl="https://chat.example.test" />);

  it('collapses to icons only, toggling its width class and remembering the choice', async () => {
    renderSidebar();
    const sidebar = screen.getByTestId('sidebar');
    expect(sidebar.className).not.toMatch(/collapsed/);
    await userEvent.click(screen.getByRole('button', { name: 'Menüyü daralt' }));
    expect(sidebar.className).toMatch(/collapsed/);
    expect(sidebar).toHaveAttribute('data-collapsed', 'true');
    expect(localStorage.getItem(sidebarCollapsedStorageKey)).toBe('true');
    // Labels stay as accessible names; the sub-menu toggles disappear.
    expect(screen.getByRole('link', { name: 'Başvurular' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /alt menüsünü/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Menüyü genişlet' }));
    expect(sidebar.className).not.toMatch(/collapsed/);
    expect(localStorage.getItem(sidebarCollapsedStorageKey)).toBe('false');
  });

  it('starts collapsed when the stored choice says so', () => {
    localStorage.setItem(sidebarCollapsedStorageKey, 'true');
    renderSidebar();
    expect(screen.getByTestId('sidebar').className).toMatch(/collapsed/);
  });

  it('toggles sub-items open and closed', async () => {
    renderSidebar('/connections');
    const toggle = screen.getByRole('button', { name: 'Başvurular alt menüsünü aç' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Yeni başvuru' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Yeni başvuru' })).toHaveAttribute('href', '/worq-trade/start');
    await userEvent.click(screen.getByRole('button', { name: 'Başvurular alt menüsünü kapat' }));
    expect(screen.queryByRole('link', { name: 'Yeni başvuru' })).not.toBeInTheDocument();
  });

  it('opens the group of the current page and highlights the active item', () => {
    renderSidebar('/worq-trade/start');
    expect(screen.getByRole('link', { name: 'Yeni başvuru' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Başvurularım' })).not.toHaveAttribute('aria-current');
  });

  it('opens the contact chat in a new tab without opener access', () => {
    renderSidebar();
    const contact = screen.getByRole('link', { name: /Bize ulaşın/ });
    expect(contact).toHaveAttribute('href', 'https://chat.example.test');
    expect(contact).toHaveAttribute('target', '_blank');
    expect(contact.getAttribute('rel')).toContain('noopener');
  });

  it('hides the contact link when no chat URL is configured', () => {
    renderAt('/worq-trade', <Sidebar items={items} homeHref="/worq-trade" onOpenPrivacy={() => {}} contactUrl={null} />);
    expect(screen.queryByRole('link', { name: /Bize ulaşın/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gizlilik politikası' })).toBeInTheDocument();
  });

  it('opens an in-app contact path (the support form) in the same tab', () => {
    renderAt('/worq-trade', <Sidebar items={items} homeHref="/worq-trade" onOpenPrivacy={() => {}} contactUrl="/support" />);
    const contact = screen.getByRole('link', { name: 'Bize ulaşın' });
    expect(contact).toHaveAttribute('href', '/support');
    expect(contact).not.toHaveAttribute('target');
  });
});

describe('profile menu', () => {
  it('offers my account and sign out', async () => {
    const onSignOut = vi.fn();
    renderAt('/worq-trade', <ProfileMenu name="Ayşe Yılmaz" accountHref="/profile/c1/info" onSignOut={onSignOut} />);
    // The visible name starts the accessible name (WCAG 2.5.3).
    const trigger = screen.getByRole('button', { name: 'Ayşe Yılmaz – Hesap menüsü' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    const menu = screen.getByRole('menu');
    const account = within(menu).getByRole('menuitem', { name: 'Hesabım' });
    expect(account).toHaveAttribute('href', '/profile/c1/info');
    expect(account).toHaveFocus();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Çıkış yap' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('shows English labels in English', async () => {
    await act(() => i18n.changeLanguage('en'));
    try {
      renderAt('/worq-trade', <ProfileMenu name="Ayşe" accountHref="/profile/c1/info" onSignOut={() => {}} />);
      await userEvent.click(screen.getByRole('button', { name: 'Ayşe – Account menu' }));
      expect(screen.getByRole('menuitem', { name: 'My account' })).toBeInTheDocument();
      expect(screen.getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('tr'));
    }
  });

  it('moves with arrow keys and closes on Escape, returning focus', async () => {
    renderAt('/worq-trade', <ProfileMenu name="Ayşe" accountHref="/profile/c1/info" onSignOut={() => {}} />);
    const trigger = screen.getByRole('button', { name: 'Ayşe – Hesap menüsü' });
    await userEvent.click(trigger);
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Çıkış yap' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('closes on a click outside', async () => {
    renderAt('/worq-trade', <ProfileMenu name="Ayşe" accountHref="/profile/c1/info" onSignOut={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ayşe – Hesap menüsü' }));
    await userEvent.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});

describe('scroll to top', () => {
  function scrollTo(y: number) {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
    fireEvent.scroll(window);
  }

  afterEach(() => scrollTo(0));

  it('appears only after 300 px of scrolling and scrolls back up', async () => {
    const scrollSpy = vi.fn();
    vi.stubGlobal('scrollTo', scrollSpy);
    render(<ScrollToTop />);
    expect(screen.queryByRole('button', { name: 'Sayfanın başına dön' })).not.toBeInTheDocument();
    act(() => scrollTo(300));
    expect(screen.queryByRole('button', { name: 'Sayfanın başına dön' })).not.toBeInTheDocument();
    act(() => scrollTo(301));
    await userEvent.click(screen.getByRole('button', { name: 'Sayfanın başına dön' }));
    expect(scrollSpy).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    act(() => scrollTo(120));
    expect(screen.queryByRole('button', { name: 'Sayfanın başına dön' })).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});
