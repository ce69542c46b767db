import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useDialog } from '../../../components/ui/use-dialog.ts';
import styles from './plan-tour.module.css';

/** The five stops of the guided tour (§2, §9), each on the element marked `data-tour="<key>"`. */
export const tourSteps = ['turnover', 'stock', 'sales', 'duration', 'figures'] as const;
export type TourStep = (typeof tourSteps)[number];

const seenKey = 'worq-trade.plan-tour-seen';

export function hasSeenPlanTour(): boolean {
  try {
    return localStorage.getItem(seenKey) === '1';
  } catch {
    // Without storage the tour would show on every visit; better not to show it unasked.
    return true;
  }
}

export function markPlanTourSeen(): void {
  try {
    localStorage.setItem(seenKey, '1');
  } catch {
    // ignore: the tour simply shows again next time
  }
}

export interface PlanTourProps {
  open: boolean;
  onClose: () => void;
  /** Where the `data-tour` targets live. */
  rootRef: RefObject<HTMLElement | null>;
}

interface Placement {
  spotlight: CSSProperties | null;
  dialog: CSSProperties;
}

const gap = 12;
const spotlightPadding = 6;
const phoneWidth = 768;

function place(target: HTMLElement | null, dialog: HTMLElement | null): Placement {
  const viewportWidth = window.innerWidth;
  const viewportHeight = window.innerHeight;
  const rect = target?.getBoundingClientRect();
  const spotlight = rect
    ? {
        top: rect.top - spotlightPadding,
        left: rect.left - spotlightPadding,
        width: rect.width + spotlightPadding * 2,
        height: rect.height + spotlightPadding * 2,
      }
    : null;
  // On phones the card sits at the bottom edge, where it never covers the field it explains for long.
  if (!rect || viewportWidth <= phoneWidth) {
    return { spotlight, dialog: { left: gap, right: gap, bottom: gap } };
  }
  const dialogHeight = dialog?.offsetHeight ?? 220;
  const dialogWidth = dialog?.offsetWidth ?? 360;
  const below = rect.bottom + spotlightPadding + gap;
  const above = rect.top - spotlightPadding - gap - dialogHeight;
  let top = below + dialogHeight <= viewportHeight ? below : above >= 0 ? above : viewportHeight - dialogHeight - gap;
  top = Math.max(gap, top);
  const left = Math.min(Math.max(gap, rect.left), viewportWidth - dialogWidth - gap);
  return { spotlight, dialog: { top, left } };
}

/**
 * The hand-written guided tour: a modal card with the step's explanation next to a highlighted part
 * of the page. Escape, Skip and Done close it; focus stays inside while open and returns after.
 */
export function PlanTour({ open, onClose, rootRef }: PlanTourProps) {
  const { t } = useTranslation('worq-trade');
  const [stepIndex, setStepIndex] = useState(0);
  const [placement, setPlacement] = useState<Placement>({ spotlight: null, dialog: {} });
  const dialogRef = useRef<HTMLDivElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  const step = tourSteps[stepIndex] ?? tourSteps[0];
  const isFirst = stepIndex === 0;
  const isLast = stepIndex === tourSteps.length - 1;

  useEffect(() => {
    if (open) setStepIndex(0);
  }, [open]);

  useDialog({ open, onClose, dialogRef });

  const target = useCallback(() => rootRef.current?.querySelector<HTMLElement>(`[data-tour="${step}"]`) ?? null, [rootRef, step]);

  useLayoutEffect(() => {
    if (!open) return;
    const element = target();
    element?.scrollIntoView?.({ block: 'center', inline: 'nearest' });
    const update = () => setPlacement(place(target(), dialogRef.current));
    update();
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, true);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, true);
    };
  }, [open, target]);

  if (!open) return null;

  function goBack() {
    const previous = Math.max(0, stepIndex - 1);
    setStepIndex(previous);
    // Back is disabled on the first step; focus must not fall out of the dialog with it.
    if (previous === 0) nextRef.current?.focus();
  }

  return createPortal(
    <div className={styles.layer}>
      {placement.spotlight ? (
        <div className={styles.spotlight} style={placement.spotlight} aria-hidden="true" />
      ) : (
        <div className={styles.backdrop} aria-hidden="true" />
      )}
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        tabIndex={-1}
        className={styles.dialog}
        style={placement.dialog}
        data-tour-step={step}
      >
        <div aria-live="polite" aria-atomic="true">
          <p className={styles.counter}>{t('plan.tour.step_of', { current: stepIndex + 1, total: tourSteps.length })}</p>
          <h2 id={titleId} className={styles.title}>
            {t(`plan.tour.steps.${step}.title`)}
          </h2>
          <p id={textId} className={styles.text}>
            {t(`plan.tour.steps.${step}.text`)}
          </p>
        </div>
        <div className={styles.actions}>
          <Button variant="ghost" size="sm" onClick={onClose}>
            {t('plan.tour.skip')}
          </Button>
          <span className={styles.spacer} />
          <Button variant="secondary" size="sm" onClick={goBack} disabled={isFirst}>
            {t('plan.tour.back')}
          </Button>
          <Button ref={nextRef} size="sm" onClick={() => (isLast ? onClose() : setStepIndex(stepIndex + 1))}>
            {isLast ? t('plan.tour.done') : t('plan.tour.next')}
          </Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
