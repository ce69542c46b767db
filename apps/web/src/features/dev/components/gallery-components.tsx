// The component sections of the gallery at /dev/ui, one file per component family.
export { ButtonSection } from './gallery-buttons.tsx';
export { CardSection } from './gallery-cards.tsx';
export { ErrorViewSection } from './gallery-error-view.tsx';
export { FormSection } from './gallery-forms.tsx';
export { SpinnerSection, TagSection } from './gallery-indicators.tsx';
export { OverflowSection } from './gallery-overflow-menu.tsx';
export { OverlaySection } from './gallery-overlays.tsx';
export { PreferencesSection } from './gallery-preferences.tsx';
export { ToastSection } from './gallery-toasts.tsx';
