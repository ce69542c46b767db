/*
 * The toast API, free of React so that any code (the HTTP client, socket handlers) can raise a toast.
 * Calls become CustomEvents on window addressed to a named container; the mounted <ToastContainer>
 * with that name listens and renders them (specification §4, §8, §9).
 */

export type ToastType = 'Error' | 'Info' | 'Success' | 'Warning';
export type ToastAnimation = 'slide-from-right' | 'fade' | 'slide-from-left';
export type ToastTimeout = number | 'until-user-dismisses';
/** Standard notification titles of §8, translated by the container. */
export type ToastTitleKey = 'success' | 'error' | 'info' | 'warning' | 'update_successful';

export interface ToastAction {
  text: string;
  onClick: () => void;
}

export interface Toast {
  id: string;
  type: ToastType;
  message: string;
  /** Shown as is; when absent, `titleKey` (or the type's default title) is translated. */
  title?: string;
  titleKey?: ToastTitleKey;
  timeout: ToastTimeout;
  action?: ToastAction;
  dismissible: boolean;
  showProgress: boolean;
  animation: ToastAnimation;
}

export type ToastInput = Pick<Toast, 'type' | 'message'> & Partial<Omit<Toast, 'type' | 'message'>>;
export type ToastOptions = Partial<Omit<Toast, 'type' | 'message'>> & { container?: string };

export const toastDefaultTimeoutMs = 2000;
export const toastApiMessageTimeoutMs = 5000;
export const toastAnimationMs = 300;
export const maxPersistentToasts = 3;
export const globalToastContainer = 'global';

/** How messages from the API are shown (§8): five seconds, dismissible, with a progress bar. */
export const apiMessageToastOptions = {
  timeout: toastApiMessageTimeoutMs,
  dismissible: true,
  showProgress: true,
} as const satisfies ToastOptions;

export const toastEvents = {
  add: 'toast:add',
  remove: 'toast:remove',
  clear: 'toast:clear',
} as const;

export interface ToastAddDetail {
  container: string;
  toast: Toast;
}
export interface ToastRemoveDetail {
  container: string;
  id: string;
}
export interface ToastClearDetail {
  container: string;
}

declare global {
  interface WindowEventMap {
    'toast:add': CustomEvent<ToastAddDetail>;
    'toast:remove': CustomEvent<ToastRemoveDetail>;
    'toast:clear': CustomEvent<ToastClearDetail>;
  }
}

let sequence = 0;

// crypto.randomUUID exists only in secure contexts; a counter is unique enough within one page.
function nextToastId(): string {
  sequence += 1;
  return `toast-${Date.now().toString(36)}-${sequence}`;
}

export function isPersistent(toast: Pick<Toast, 'timeout'>): boolean {
  return toast.timeout === 'until-user-dismisses';
}

/** Fills in the defaults a caller may leave out. */
export function completeToast(input: ToastInput): Toast {
  return {
    ...input,
    id: input.id ?? nextToastId(),
    timeout: input.timeout ?? toastDefaultTimeoutMs,
    dismissible: input.dismissible ?? true,
    showProgress: input.showProgress ?? false,
    animation: input.animation ?? 'slide-from-right',
  };
}

/** Shows a toast in the named container and returns its id (usable with removeToast). */
export function addToast(input: ToastInput, containerName: string = globalToastContainer): string {
  const toast = completeToast(input);
  window.dispatchEvent(new CustomEvent<ToastAddDetail>(toastEvents.add, { detail: { container: containerName, toast } }));
  return toast.id;
}

export function removeToast(id: string, containerName: string = globalToastContainer): void {
  window.dispatchEvent(new CustomEvent<ToastRemoveDetail>(toastEvents.remove, { detail: { container: containerName, id } }));
}

export function clearToasts(containerName: string = globalToastContainer): void {
  window.dispatchEvent(new CustomEvent<ToastClearDetail>(toastEvents.clear, { detail: { container: containerName } }));
}

function showToastOfType(type: ToastType) {
  return (message: string, options: ToastOptions = {}): string => {
    const { container, ...rest } = options;
    return addToast({ ...rest, type, message }, container);
  };
}

export const toast = {
  error: showToastOfType('Error'),
  info: showToastOfType('Info'),
  success: showToastOfType('Success'),
  warning: showToastOfType('Warning'),
};
