import { useTranslation } from '../../../lib/i18n.ts';
import { Tag, type TagColor } from '../../../components/ui/tag.tsx';
import type { Application } from '../api/applications.ts';

export type ApplicationState = 'active' | 'in_progress' | 'approved' | 'rejected' | 'left' | 'cancelled';

/** What the seller sees: an unfinished application is active, left or cancelled (§4). */
export function applicationState(application: Application): ApplicationState {
  if (application.status !== 'not_completed') return application.status;
  if (application.is_cancelled) return 'cancelled';
  if (application.is_leaved) return 'left';
  return 'active';
}

const stateColor: Record<ApplicationState, TagColor> = {
  active: 'orange',
  in_progress: 'purple',
  approved: 'green',
  rejected: 'red',
  left: 'gray',
  cancelled: 'gray',
};

export function ApplicationStatusTag({ application }: { application: Application }) {
  const { t } = useTranslation('worq-trade');
  const state = applicationState(application);
  return (
    <Tag color={stateColor[state]} dot data-state={state}>
      {t(`status.${state}`)}
    </Tag>
  );
}
