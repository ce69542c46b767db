import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLocation, useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { Button } from '../../../components/ui/button.tsx';
import { ChevronDownIcon, CloseIcon, ErrorIcon, SuccessIcon } from '../../../components/ui/icon.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { clearTasks, dismissTask, markTasksSeen, useTaskNotifications, type TaskNotification } from '../task-store.ts';
import { bindTaskEnvironment } from '../task-tracker.ts';
import styles from './background-task-panel.module.css';

/** §9: the panel collapses five seconds after the last change. */
export const panelCollapseDelayMs = 5000;

type StatusKey = 'pending' | 'failed' | 'success';

function statusKey(item: TaskNotification): StatusKey {
  return item.status === null ? 'pending' : item.status ? 'success' : 'failed';
}

/**
 * The background-task panel of the signed-in layout (specification §4): a corner widget listing
 * running, failed and finished tasks. Each change opens it; it folds back into a small button five
 * seconds after the last change (not while the pointer or keyboard focus is inside it).
 */
export function BackgroundTaskPanel() {
  const { t } = useTranslation('tasks');
  const { items, changeCount, lastChangedId } = useTaskNotifications();
  const visible = items.filter((item) => item.showItem);
  const [expanded, setExpanded] = useState(false);
  const [handledChange, setHandledChange] = useState(changeCount);
  const [held, setHeld] = useState(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { mutate } = useSWRConfig();
  const pathRef = useRef(pathname);
  const headingId = useId();

  useEffect(() => {
    pathRef.current = pathname;
  }, [pathname]);

  // The socket handlers reach the router and this app's SWR cache through the bound environment.
  useEffect(
    () =>
      bindTaskEnvironment({
        navigate: (to) => void navigate(to),
        currentPath: () => pathRef.current,
        refresh: (filter) => mutate(filter),
      }),
    [navigate, mutate],
  );

  // Every visible change opens the panel (state adjusted during render, not in an effect).
  if (changeCount !== handledChange) {
    setHandledChange(changeCount);
    if (!expanded) setExpanded(true);
  }

  useEffect(() => {
    if (!expanded || held) return;
    const timer = window.setTimeout(() => setExpanded(false), panelCollapseDelayMs);
    return () => window.clearTimeout(timer);
  }, [expanded, held, changeCount]);

  useEffect(() => {
    if (expanded) markTasksSeen();
  }, [expanded, changeCount]);

  const pendingCount = visible.filter((item) => item.status === null).length;
  const unseenCount = visible.filter((item) => !item.hasSeen).length;
  const lastChanged = items.find((item) => item.requestID === lastChangedId && item.showItem);
  const announcement = lastChanged
    ? `${t(`types.${lastChanged.type}`)}: ${t(`status.${statusKey(lastChanged)}`)}. ${lastChanged.message}`.trim()
    : '';

  function handleBlur(event: FocusEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
  }

  return (
    <div
      className={styles.anchor}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={handleBlur}
    >
      {visible.length > 0 &&
        (expanded ? (
          <section className={styles.panel} aria-labelledby={headingId}>
            <header className={styles.header}>
              <h2 id={headingId} className={styles.title}>
                {t('title')}
              </h2>
              <Button variant="ghost" size="sm" onClick={clearTasks}>
                {t('clear')}
              </Button>
              <Button
                variant="eliptic-ghost"
                size="sm"
                icon={<ChevronDownIcon />}
                aria-label={t('collapse')}
                aria-expanded="true"
                onClick={() => {
                  setHeld(false);
                  setExpanded(false);
                }}
              />
            </header>
            <ul className={styles.list}>
              {visible.map((item) => (
                <TaskItem key={item.id} item={item} />
              ))}
            </ul>
          </section>
        ) : (
          <button type="button" className={styles.summary} aria-expanded="false" onClick={() => setExpanded(true)}>
            {pendingCount > 0 ? <Spinner size="sm" decorative /> : <SuccessIcon size={18} />}
            <span>{pendingCount > 0 ? t('summary_pending', { count: pendingCount }) : t('summary', { count: visible.length })}</span>
            {unseenCount > 0 && (
              <span className={styles.badge}>
                <span aria-hidden="true">{unseenCount}</span>
                <span className="visually-hidden">{t('unseen', { count: unseenCount })}</span>
              </span>
            )}
          </button>
        ))}
      <div role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </div>
    </div>
  );
}

function TaskItem({ item }: { item: TaskNotification }) {
  const { t } = useTranslation('tasks');
  const key = statusKey(item);
  const typeLabel = t(`types.${item.type}`);
  return (
    <li className={styles.item} data-status={key}>
      <span className={styles.icon} aria-hidden="true">
        {key === 'pending' ? <Spinner size="sm" decorative /> : key === 'success' ? <SuccessIcon size={20} /> : <ErrorIcon size={20} />}
      </span>
      <div className={styles.text}>
        <p className={styles.itemTitle}>
          <span>{typeLabel}</span>
          <span className={styles.state}>{t(`status.${key}`)}</span>
        </p>
        <p className={styles.message}>{item.message || t('status.pending_message')}</p>
      </div>
      {key !== 'pending' && (
        <Button
          variant="eliptic-ghost"
          size="sm"
          icon={<CloseIcon />}
          aria-label={t('dismiss', { name: typeLabel })}
          onClick={() => dismissTask(item.requestID)}
        />
      )}
    </li>
  );
}
