import { LanguageSwitch } from './language-switch.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

/** The language and theme switches side by side, in the caller's box (headers without the app shell). */
export function PreferenceSwitches({ className }: { className?: string }) {
  return (
    <div className={className}>
      <LanguageSwitch />
      <ThemeToggle />
    </div>
  );
}
