import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Toast } from './toast.tsx';
import {
  globalToastContainer,
  isPersistent,
  maxPersistentToasts,
  toastAnimationMs,
  toastEvents,
  type Toast as ToastModel,
} from './toast-store.ts';
import styles from './toast.module.css';

/*
 * "The container shows once per browser session" (§4). We read it as: at most one container of a
 * given name renders at a time in this page, however many times it is mounted (a layout and a page
 * both mounting the global one must not show every toast twice). A module-level registry holds the
 * mounted instances per name in mount order; the first one renders and listens, and when it
 * unmounts the next one takes over. sessionStorage was rejected: it survives a reload, so a flag
 * kept there would hide the container for the rest of the tab's life.
 */
const claims = new Map<string, string[]>();
const registryListeners = new Set<() => void>();

function notifyRegistry() {
  for (const listener of registryListeners) listener();
}

function subscribeRegistry(listener: () => void) {
  registryListeners.add(listener);
  return () => {
    registryListeners.delete(listener);
  };
}

function useContainerOwnership(name: string): boolean {
  const instanceId = useId();
  const isOwner = useSyncExternalStore(
    subscribeRegistry,
    () => claims.get(name)?.[0] === instanceId,
    () => false,
  );
  useEffect(() => {
    claims.set(name, [...(claims.get(name) ?? []), instanceId]);
    notifyRegistry();
    return () => {
      const remaining = (claims.get(name) ?? []).filter((id) => id !== instanceId);
      if (remaining.length > 0) claims.set(name, remaining);
      else claims.delete(name);
      notifyRegistry();
    };
  }, [name, instanceId]);
  return isOwner;
}

interface ToastEntry {
  toast: ToastModel;
  exiting: boolean;
}

interface ToastContainerProps {
  name?: string;
  /** Flow inside the page instead of floating at the top right (for containers other than the global one). */
  inline?: boolean;
  /** Accessible name of the region; give a second container on a page its own. */
  label?: string;
}

export function ToastContainer({ name = globalToastContainer, inline = false, label }: ToastContainerProps) {
  const { t } = useTranslation('feedback');
  const isOwner = useContainerOwnership(name);
  const [entries, setEntries] = useState<ToastEntry[]>([]);
  const exitTimers = useRef(new Map<string, number>());

  const beginExit = useCallback((id: string) => {
    setEntries((current) => current.map((entry) => (entry.toast.id === id && !entry.exiting ? { ...entry, exiting: true } : entry)));
  }, []);

  useEffect(() => {
    if (!isOwner) return;
    const onAdd = (event: WindowEventMap['toast:add']) => {
      if (event.detail.container !== name) return;
      const { toast } = event.detail;
      setEntries((current) => {
        if (current.some((entry) => entry.toast.id === toast.id)) return current;
        const persistentShown = current.filter((entry) => !entry.exiting && isPersistent(entry.toast)).length;
        if (isPersistent(toast) && persistentShown >= maxPersistentToasts) return current;
        return [{ toast, exiting: false }, ...current];
      });
    };
    const onRemove = (event: WindowEventMap['toast:remove']) => {
      if (event.detail.container === name) beginExit(event.detail.id);
    };
    const onClear = (event: WindowEventMap['toast:clear']) => {
      if (event.detail.container !== name) return;
      setEntries((current) => current.map((entry) => (entry.exiting ? entry : { ...entry, exiting: true })));
    };
    window.addEventListener(toastEvents.add, onAdd);
    window.addEventListener(toastEvents.remove, onRemove);
    window.addEventListener(toastEvents.clear, onClear);
    return () => {
      window.removeEventListener(toastEvents.add, onAdd);
      window.removeEventListener(toastEvents.remove, onRemove);
      window.removeEventListener(toastEvents.clear, onClear);
    };
  }, [isOwner, name, beginExit]);

  // A toast leaves the list only once its exit animation has played.
  useEffect(() => {
    const timers = exitTimers.current;
    for (const entry of entries) {
      const { id } = entry.toast;
      if (!entry.exiting || timers.has(id)) continue;
      timers.set(
        id,
        window.setTimeout(() => {
          timers.delete(id);
          setEntries((current) => current.filter((candidate) => candidate.toast.id !== id));
        }, toastAnimationMs),
      );
    }
  }, [entries]);

  useEffect(() => {
    const timers = exitTimers.current;
    return () => {
      for (const handle of timers.values()) window.clearTimeout(handle);
      timers.clear();
    };
  }, []);

  if (!isOwner) return null;

  return (
    <section
      aria-label={label ?? t('toast.region_label')}
      className={inline ? styles.inlineContainer : styles.container}
      data-toast-container={name}
    >
      {entries.map((entry) => (
        <Toast key={entry.toast.id} toast={entry.toast} exiting={entry.exiting} onDismiss={beginExit} />
      ))}
    </section>
  );
}
